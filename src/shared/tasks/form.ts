import type { TaskFormValues, TaskInput, TaskType, TaskUpdate } from './schemas.js';
import type { Task } from './types.js';

/** What 'Add task' starts from somewhere: the customer, and the deal, lead or vehicle the page is about. */
export type TaskPrefill = {
  customer_id?: string;
  customer_name?: string;
  deal_id?: string | null;
  lead_id?: string | null;
  vehicle_id?: string | null;
  vehicle_name?: string | null;
  title?: string;
  type?: TaskType;
};

/** A new task's form: a call due today (the company's), for the person adding it. */
export const newTaskForm = (today: string, prefill: TaskPrefill = {}): TaskFormValues => ({
  type: prefill.type ?? 'call',
  title: prefill.title ?? '',
  notes: '',
  due_date: today,
  due_time: '',
  priority: 'normal',
  assignee_id: null,
  customer_id: prefill.customer_id ?? '',
  deal_id: prefill.deal_id ?? null,
  lead_id: prefill.lead_id ?? null,
  vehicle_id: prefill.vehicle_id ?? null,
  duration_minutes: prefill.type === 'appointment' ? 60 : null,
  place: '',
  invite_customer: true,
});

/** A saved task as its edit form shows it. */
export const taskToForm = (task: Task): TaskFormValues => ({
  type: task.type,
  title: task.title,
  notes: task.notes ?? '',
  due_date: task.due_date,
  due_time: task.due_time ?? '',
  priority: task.priority,
  assignee_id: task.assignee_id,
  customer_id: task.customer_id,
  deal_id: task.deal_id,
  lead_id: task.lead_id,
  vehicle_id: task.vehicle_id,
  duration_minutes: task.duration_minutes,
  place: task.place ?? '',
  invite_customer: task.type === 'appointment' ? task.invite_customer : true,
});

/** The edit a filled form sends: everything but the customer, at the version the task was loaded at. */
export const formToUpdate = ({ customer_id: _customer, ...fields }: TaskInput, version: string): TaskUpdate => ({
  ...fields,
  updated_at: version,
});
