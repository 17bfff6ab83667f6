import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { tasksChanged } from './service.js';

/**
 * Customers given to another agent take their open work along: each open task of theirs that their former agent held
 * goes to the new one (a task given to someone else stays theirs), and so do the steps their running action plan adds
 * later, which go to the customer's agent of the day. Done tasks keep who did them. Returns how many moved.
 */
export async function handOverOpenTasks(
  tx: Kysely<DB>,
  customers: readonly { id: string; user_id: string }[],
  toUserId: string,
): Promise<number> {
  if (customers.length === 0) return 0;
  const { rows } = await sql<{ from: string }>`
    UPDATE tasks t SET assignee_id = ${toUserId},
      updated_at = greatest(clock_timestamp(), t.updated_at + interval '1 millisecond')
    FROM unnest(${sql.val(customers.map((c) => c.id))}::uuid[], ${sql.val(customers.map((c) => c.user_id))}::uuid[])
      AS c(id, former)
    WHERE t.customer_id = c.id AND t.assignee_id = c.former AND t.completed_at IS NULL
    RETURNING c.former AS "from"`.execute(tx);
  await tasksChanged(tx, toUserId, ...new Set(customers.map((c) => c.user_id)));
  return rows.length;
}
