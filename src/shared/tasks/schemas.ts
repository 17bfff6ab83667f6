import { z } from 'zod';
import { calendarDay, isCalendarDay, isRecordId, optionalText, requiredText, version } from '../common/fields.js';
import { addDays } from '../common/time.js';
import { optionalParam, pageQuerySchema } from '../http/paging.js';

/** What a task is: the next call, e-mail, text, appointment or anything else to do with a customer. */
export const taskTypes = ['call', 'email', 'text', 'appointment', 'todo'] as const;
export type TaskType = (typeof taskTypes)[number];
export const taskTypeLabels: Record<TaskType, string> = {
  call: 'Call',
  email: 'E-mail',
  text: 'Text',
  appointment: 'Appointment',
  todo: 'To-do',
};

export const taskPriorities = ['low', 'normal', 'high'] as const;
export type TaskPriority = (typeof taskPriorities)[number];
export const taskPriorityLabels: Record<TaskPriority, string> = { low: 'Low', normal: 'Normal', high: 'High' };

/** How a task went, said when it is completed; written on the customer's timeline. */
export const contactOutcomes = ['reached', 'left_message', 'no_answer', 'rescheduled', 'other'] as const;
/** How an appointment went: the customer came, did not, bought, or it was called off. */
export const appointmentOutcomes = ['showed', 'no_show', 'sold', 'cancelled'] as const;
export const taskOutcomes = [...contactOutcomes, ...appointmentOutcomes] as const;
export type TaskOutcome = (typeof taskOutcomes)[number];
export const taskOutcomeLabels: Record<TaskOutcome, string> = {
  reached: 'Reached',
  left_message: 'Left a message',
  no_answer: 'No answer',
  rescheduled: 'Rescheduled',
  other: 'Other',
  showed: 'Showed',
  no_show: 'No-show',
  sold: 'Sold',
  cancelled: 'Cancelled',
};

/** The outcomes a task of this type may be completed with. */
export const outcomesFor = (type: TaskType): readonly TaskOutcome[] =>
  type === 'appointment' ? appointmentOutcomes : contactOutcomes;

/**
 * The rules of Settings → CRM that add tasks by themselves: a follow-up for a customer nobody has been in contact with
 * for the follow-up reminder's days, the first answer to a lead from intake, the follow-ups of a completed deal; and the
 * steps of an action plan.
 */
export const taskRules = ['follow_up', 'first_response', 'delivery', 'plan'] as const;
export type TaskRule = (typeof taskRules)[number];
export const taskRuleLabels: Record<TaskRule, string> = {
  follow_up: 'Follow-up rule',
  first_response: 'First-response rule',
  delivery: 'Delivery follow-up rule',
  plan: 'Action plan',
};

/** My Tasks' sections: open tasks due before, on and after the company's today, and the done ones. */
export const taskViews = ['overdue', 'today', 'upcoming', 'done'] as const;
export type TaskView = (typeof taskViews)[number];
export const taskViewLabels: Record<TaskView, string> = {
  overdue: 'Overdue',
  today: 'Today',
  upcoming: 'Upcoming',
  done: 'Done',
};

/**
 * What a list may ask for: one section; every open task (a customer's page); or the open tasks due up to today, the
 * overdue first (the dashboard's Today) — the open ones in the order they are due.
 */
/** How many done tasks My Tasks counts; above it the Done tab reads '1,000+' (the list pages through them all). */
export const TASK_DONE_BOUND = 1000;

export const taskListViews = [...taskViews, 'open', 'due'] as const;
export type TaskListView = (typeof taskListViews)[number];

export const TITLE_REQUIRED = 'Title is required';
export const TASK_TITLE_MAX = 200;
export const CUSTOMER_REQUIRED = 'Choose a customer';
export const DUE_DATE_REQUIRED = 'Choose a due date';
export const INVALID_TIME = 'Enter a time as HH:MM, e.g. 14:30';
export const DUE_IN_THE_PAST = 'The due date cannot be before today';
export const OUTCOME_REQUIRED = 'Choose how it went';
export const ALREADY_DONE = 'This task is already done';
export const NOT_DONE = 'This task is not done';
export const FOLLOW_UP_OPEN = 'This customer already has an open follow-up task';
export const ASSIGN_TO_OTHERS = 'Only admins and editors can give a task to someone else';
export const UNKNOWN_ASSIGNEE = 'Choose an active user';
export const APPOINTMENT_TIME_REQUIRED = 'Choose the time of the appointment';
export const APPOINTMENT_IN_THE_PAST = 'The appointment cannot start in the past';
export const DURATION_REQUIRED = 'Choose how long it lasts';
export const DURATION_RANGE = 'An appointment lasts between 5 minutes and 12 hours';
export const APPOINTMENT_DURATIONS = [15, 30, 45, 60, 90, 120] as const;
export const LINK_OF_ANOTHER_CUSTOMER = {
  deal_id: 'This deal is not this customer’s',
  lead_id: 'This lead is not this customer’s',
} as const;

const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** A local time of day as HH:MM (24-hour), in the company's time zone; blank is none. */
const optionalTime = z
  .string()
  .trim()
  .nullish()
  .transform((v) => v || null)
  .refine((v) => v === null || TIME.test(v), INVALID_TIME);

/** A record the task is linked to; blank or missing is none. A malformed id is refused with the field's name. */
const optionalLink = (message: string) =>
  z
    .string()
    .trim()
    .nullish()
    .transform((v) => v || null)
    .refine((v) => v === null || isRecordId(v), message);

const taskFields = {
  type: z.enum(taskTypes, 'Choose a task type'),
  title: requiredText(TASK_TITLE_MAX, TITLE_REQUIRED),
  notes: optionalText(5000),
  due_date: calendarDay(DUE_DATE_REQUIRED),
  due_time: optionalTime,
  priority: z.enum(taskPriorities, 'Choose a priority').default('normal'),
  /** Whom it is for; none means the person adding it. Agents may only give tasks to themselves. */
  assignee_id: optionalLink(UNKNOWN_ASSIGNEE),
  deal_id: optionalLink('Choose a deal'),
  lead_id: optionalLink('Choose a lead'),
  vehicle_id: optionalLink('Choose a vehicle'),
  /** An appointment's length in minutes; required for one, and kept only on one. */
  duration_minutes: z
    .number(DURATION_RANGE)
    .int(DURATION_RANGE)
    .min(5, DURATION_RANGE)
    .max(720, DURATION_RANGE)
    .nullish()
    .transform((v) => v ?? null),
  /** Where an appointment is (the lot, an address); the customer's invitation names it. */
  place: optionalText(300),
  /** Whether the customer is sent the appointment's invitation (and its changes) by mail; on unless turned off. */
  invite_customer: z.boolean('Invite must be on or off').default(true),
};

type TaskShape = {
  type: TaskType;
  due_time: string | null;
  duration_minutes: number | null;
  invite_customer?: boolean | undefined;
};

/**
 * An appointment has a start time and a length; another task has neither a length nor an invitation (those given to
 * one are dropped, so a task changed from an appointment keeps none).
 */
function appointmentShape<T extends TaskShape>(task: T, ctx: z.RefinementCtx): T {
  if (task.type !== 'appointment') return { ...task, duration_minutes: null, invite_customer: false };
  if (!task.due_time) ctx.addIssue({ code: 'custom', path: ['due_time'], message: APPOINTMENT_TIME_REQUIRED });
  if (task.duration_minutes === null) ctx.addIssue({ code: 'custom', path: ['duration_minutes'], message: DURATION_REQUIRED });
  return task;
}

/** A new task ('Add task'): always for a customer, optionally about one of their deals or leads, or a vehicle. */
export const taskInputSchema = z
  .object({
    ...taskFields,
    customer_id: z.string({ error: CUSTOMER_REQUIRED }).trim().refine(isRecordId, CUSTOMER_REQUIRED),
  })
  .transform(appointmentShape);
export type TaskInput = z.output<typeof taskInputSchema>;
export type TaskFormValues = z.input<typeof taskInputSchema>;

/** An edit of a task, at the version it was loaded at; its customer stays. */
export const taskUpdateSchema = z
  .object({
    ...taskFields,
    /** Left out, an appointment's invitation stays as it is. */
    invite_customer: z.boolean('Invite must be on or off').optional(),
    updated_at: version,
  })
  .transform(appointmentShape);
export type TaskUpdate = z.output<typeof taskUpdateSchema>;

/** 'Complete': how it went, and a note for the customer's timeline. */
export const taskCompletionSchema = z.object({
  outcome: z.enum(taskOutcomes, OUTCOME_REQUIRED),
  outcome_note: optionalText(2000),
});
export type TaskCompletion = z.output<typeof taskCompletionSchema>;

/** Whose tasks: the caller's own ('me', the default), everyone's the caller may see ('all'), or one user's. */
const assigneeFilter = optionalParam(z.union([z.enum(['me', 'all']), z.uuid('Choose a user')]));

export const taskFilterSchema = z.object({
  assignee: assigneeFilter,
  customer: optionalParam(z.uuid('Choose a customer')),
});
export type TaskFilter = z.output<typeof taskFilterSchema>;

export const taskListQuerySchema = z.object({
  ...taskFilterSchema.shape,
  view: optionalParam(z.enum(taskListViews)).transform((v) => v ?? 'today'),
  ...pageQuerySchema.shape,
});
export type TaskListQuery = z.output<typeof taskListQuerySchema>;

/** The longest span the calendar asks for at once: a month view's six weeks. */
export const CALENDAR_MAX_DAYS = 42;
export const CALENDAR_RANGE = `Choose a range of at most ${CALENDAR_MAX_DAYS} days, ending after it starts`;

/** The calendar's days (`from` and `to` both included), for the caller, everyone they may see, or one user. */
export const taskCalendarQuerySchema = z
  .object({
    assignee: assigneeFilter,
    from: calendarDay('Choose the first day'),
    to: calendarDay('Choose the last day'),
  })
  // Checked once both are days: a missing or malformed one has its own message.
  .refine(
    (q) => !isCalendarDay(q.from) || !isCalendarDay(q.to) || (q.from <= q.to && q.to <= addDays(q.from, CALENDAR_MAX_DAYS - 1)),
    { message: CALENDAR_RANGE, path: ['to'] },
  );
export type TaskCalendarQuery = z.output<typeof taskCalendarQuerySchema>;

/** The morning e-mail on or off. */
export const digestInputSchema = z.object({ enabled: z.boolean('Choose on or off') });
