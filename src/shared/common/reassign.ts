import { z } from 'zod';
import { isRecordId, recordId } from './fields.js';

/** The most records one hand-over moves: a whole agent's book goes over in a few. */
export const REASSIGN_MAX = 500;
export const REASSIGN_CHOOSE_OWNER = 'Choose who takes them over';
export const REASSIGN_CHOOSE_RECORDS = 'Choose at least one';

/** Customers or vehicles given to another user: admins and editors, one or many at once. */
export const reassignSchema = z.object({
  ids: z
    .array(recordId, { error: REASSIGN_CHOOSE_RECORDS })
    .min(1, REASSIGN_CHOOSE_RECORDS)
    .max(REASSIGN_MAX, `At most ${REASSIGN_MAX} at a time`),
  user_id: z.string({ error: REASSIGN_CHOOSE_OWNER }).refine(isRecordId, REASSIGN_CHOOSE_OWNER),
});
export type ReassignInput = z.infer<typeof reassignSchema>;

export const reassignResultSchema = z.object({
  /** How many changed owner (those already the new owner's are counted out). */
  reassigned: z.number(),
  to: z.object({ id: z.string(), name: z.string() }),
});
export type ReassignResult = z.infer<typeof reassignResultSchema>;
