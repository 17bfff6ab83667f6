import { z } from 'zod';
import { pageSchema } from '../http/paging.js';
import { taskTypes } from '../tasks/schemas.js';
import { customerStatuses, leadSources } from './options.js';

/** A customer as the API sends it: the table's own column names, money in cents, moments as ISO text. */
export const customerSchema = z.object({
  id: z.string(),
  user_id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  location: z.string().nullable(),
  status: z.enum(customerStatuses),
  preferred_cars: z.array(z.string()),
  referred_by_customer_id: z.string().nullable(),
  referred_by_name: z.string().nullable(),
  birthday: z.string().nullable(),
  notes: z.string().nullable(),
  /** The source a person picked. */
  lead_source: z.enum(leadSources).nullable(),
  /** The lead source a lead brought the customer from, and how it arrived; null for a customer a person added. */
  lead_source_name: z.string().nullable(),
  lead_channel: z.enum(['adf', 'email', 'form']).nullable(),
  budget_cents: z.number().nullable(),
  /** One of Settings → CRM's pipeline stages; null is the first. */
  pipeline_stage: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Customer = z.infer<typeof customerSchema>;

/** The customer's open task due first (by day, then time; a task of any time of the day last in it). */
export const nextTaskSchema = z.object({
  id: z.string(),
  type: z.enum(taskTypes),
  title: z.string(),
  due_date: z.string(),
  due_time: z.string().nullable(),
  /** Where it is on the company's calendar today. */
  view: z.enum(['overdue', 'today', 'upcoming']),
  /** Past when it was due (company time): overdue, or due earlier today. */
  late: z.boolean(),
});
export type NextTask = z.infer<typeof nextTaskSchema>;

/** A row of the customer list: the customer, with how many open tasks they have and the one due first. */
export const customerListItemSchema = customerSchema.extend({
  open_tasks: z.number(),
  next_task: nextTaskSchema.nullable(),
});
export type CustomerListItem = z.infer<typeof customerListItemSchema>;
export const customerPageSchema = pageSchema(customerListItemSchema);

export const customerDetailSchema = customerSchema.extend({
  owner_name: z.string(),
  /** The referring customer's name, when the viewer may see that customer. */
  referred_by_customer_name: z.string().nullable(),
});
export type CustomerDetail = z.infer<typeof customerDetailSchema>;

/**
 * The summary cards. With `bound` set, more customers match than the bound (see SUMMARY_BOUND): `total` is one more
 * than it and the status figures are unknown (null) until counted exactly. Without, every figure is exact.
 */
export type CustomerSummary = {
  total: number;
  active: number | null;
  prospects: number | null;
  inactive: number | null;
  bound: number | null;
};

/** One entry of the referral picker. */
export type CustomerOption = { id: string; name: string; email: string | null; phone: string | null };

/** A customer the deal form may pick: any the actor may see, with whose they are. */
export const customerChoiceSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  user_id: z.string(),
  owner_name: z.string(),
});
export type CustomerChoice = z.infer<typeof customerChoiceSchema>;

/** A customer the actor may see who has the e-mail or phone typed, with whose they are. */
export type DuplicateMatch = CustomerChoice & { matched: 'email' | 'phone' };

export type TimelineEntry = {
  id: string;
  action: 'created' | 'updated' | 'document_added' | 'document_removed' | (string & {});
  changes: Record<string, unknown>;
  created_at: string;
  actor_name: string;
  impersonator_name: string | null;
};
