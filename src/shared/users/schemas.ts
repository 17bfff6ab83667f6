import { z } from 'zod';
import { requiredName } from '../common/fields.js';

export const profileSchema = z.object({
  name: requiredName(120, 'Name is required'),
});
export type ProfileInput = z.infer<typeof profileSchema>;
