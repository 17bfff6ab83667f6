import { sql } from 'kysely';
import type { TaskView } from '../../shared/tasks/schemas.js';
import type { BusinessClock } from './time.js';

// When a task is due, read in SQL over a `tasks t` row on the company's clock: My Tasks' sections, lateness and order,
// and the customers list's next task, which reads tasks without depending on the tasks area.

/** The section of My Tasks a task is in on `today` (the company's): done, or open and due before, on or after it. */
export const viewOf = (today: string) => sql<TaskView>`CASE
  WHEN t.completed_at IS NOT NULL THEN 'done'
  WHEN t.due_date < ${today}::date THEN 'overdue'
  WHEN t.due_date = ${today}::date THEN 'today'
  ELSE 'upcoming' END`;

/** The company's today and the local time it is now there (HH:MM), which a task's section and lateness are read on. */
export type TaskClock = { today: string; time: string };
export const taskClock = (clock: BusinessClock, now: Date): TaskClock => ({ today: clock.today, time: clock.timeOf(now) });

/**
 * Open and past when it was due: on a day before today, or today at a time already gone. A task due earlier today
 * stays in Today's section (the day's work) and is late there, as an overdue one is.
 */
export const lateOf = ({ today, time }: TaskClock) => sql<boolean>`(t.completed_at IS NULL
  AND (t.due_date < ${today}::date OR (t.due_date = ${today}::date AND t.due_time < ${time}::time)))`;

/** Open tasks run by day, then time; those due at any time of the day come after the timed ones. */
export const dueKey = sql`(t.due_date, coalesce(t.due_time, '24:00'::time), t.id)`;
