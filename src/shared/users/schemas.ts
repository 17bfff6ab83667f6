import { z } from 'zod';
import { requiredText } from '../common/fields.js';

export const profileSchema = z.object({
  name: requiredText(120, 'Name is required'),
});
export type ProfileInput = z.infer<typeof profileSchema>;
