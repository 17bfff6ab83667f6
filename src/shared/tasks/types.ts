import { z } from 'zod';
import { pageSchema } from '../http/paging.js';
import { customerAnswers } from './appointment-mail.js';
import { taskOutcomes, taskPriorities, taskRules, taskTypes, taskViews } from './schemas.js';

/** A task as the API sends it: the table's columns (the time as HH:MM), with the names of its customer and assignee. */
export const taskSchema = z.object({
  id: z.string(),
  type: z.enum(taskTypes),
  title: z.string(),
  notes: z.string().nullable(),
  due_date: z.string(),
  due_time: z.string().nullable(),
  priority: z.enum(taskPriorities),
  assignee_id: z.string(),
  assignee_name: z.string(),
  customer_id: z.string(),
  customer_name: z.string(),
  deal_id: z.string().nullable(),
  lead_id: z.string().nullable(),
  vehicle_id: z.string().nullable(),
  vehicle_name: z.string().nullable(),
  completed_at: z.string().nullable(),
  completed_by: z.string().nullable(),
  outcome: z.enum(taskOutcomes).nullable(),
  outcome_note: z.string().nullable(),
  created_by: z.string().nullable(),
  /** The rule of Settings → CRM that added it; null for a task a person added. */
  rule: z.enum(taskRules).nullable(),
  /** A delivery follow-up's day after the deal was completed. */
  rule_day: z.number().nullable(),
  /** The action plan's run that added it, and which of its steps it is (from 0). */
  plan_run_id: z.string().nullable(),
  plan_step: z.number().nullable(),
  /** An appointment's length in minutes (null for any other task) and where it is. */
  duration_minutes: z.number().nullable(),
  place: z.string().nullable(),
  /** Whether the customer is sent the appointment's invitation and its changes (off for any other task). */
  invite_customer: z.boolean(),
  /** What the customer was last sent ('sent': the invitation or a change; 'cancelled'), when, and its SEQUENCE. */
  invitation: z.enum(['sent', 'cancelled']).nullable(),
  invited_at: z.string().nullable(),
  invite_sequence: z.number(),
  /**
   * The customer's answer to the invitation, read from their calendar's reply (RFC 5546 §3.2.3; PARTSTAT, RFC 5545
   * §3.2.12), and when; null until they answer, and again after a change asks anew.
   */
  customer_answer: z.enum(customerAnswers).nullable(),
  customer_answered_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  /** Which of My Tasks' sections it is in today. */
  view: z.enum(taskViews),
  /** Open and past when it was due (company time): overdue, or due earlier today. */
  late: z.boolean(),
});
export type Task = z.infer<typeof taskSchema>;
export const taskPageSchema = pageSchema(taskSchema);

/** How many tasks each section holds, for the same filter, and the company's today they were counted against. */
export const taskSummarySchema = z.object({
  today: z.string(),
  overdue: z.number(),
  due_today: z.number(),
  upcoming: z.number(),
  /** Done tasks up to TASK_DONE_BOUND; `done_capped` when there are more. */
  done: z.number(),
  done_capped: z.boolean(),
});
export type TaskSummary = z.infer<typeof taskSummarySchema>;

/** The calendar's tasks of a range of days, open and done, by day and time; `truncated` when there were more. */
export const taskCalendarSchema = z.object({ items: z.array(taskSchema), truncated: z.boolean() });
export type TaskCalendar = z.infer<typeof taskCalendarSchema>;

/** The user's private calendar feed: whether there is one and since when; its address only when it is made. */
export const calendarFeedSchema = z.object({ created_at: z.string().nullable(), url: z.string().nullable() });
export type CalendarFeed = z.infer<typeof calendarFeedSchema>;

/** Whether the user gets the morning e-mail of their day. */
export const digestSchema = z.object({ enabled: z.boolean() });
export type Digest = z.infer<typeof digestSchema>;
