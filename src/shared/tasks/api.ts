import { defineApi, del, get, post, put } from '../http/contract.js';
import type { Page } from '../http/paging.js';
import { planInputSchema, planStartSchema, planUpdateSchema, type CustomerPlan, type Plan } from './plans.js';
import {
  digestInputSchema,
  taskCalendarQuerySchema,
  taskCompletionSchema,
  taskFilterSchema,
  taskInputSchema,
  taskListQuerySchema,
  taskUpdateSchema,
} from './schemas.js';
import type { CalendarFeed, Digest, Task, TaskCalendar, TaskSummary } from './types.js';

/** The tasks' routes the web calls: tasks, the calendar and its feed, the morning e-mail and action plans. */
export const tasksApi = defineApi('tasks', {
  list: get('/api/tasks', { query: taskListQuerySchema }).returns<Page<Task>>(),
  summary: get('/api/tasks/summary', { query: taskFilterSchema }).returns<TaskSummary>(),
  calendar: get('/api/tasks/calendar', { query: taskCalendarQuerySchema }).returns<TaskCalendar>(),
  create: post('/api/tasks', { body: taskInputSchema }).returns<Task>(),
  update: put('/api/tasks/:id', { body: taskUpdateSchema }).returns<Task>(),
  complete: post('/api/tasks/:id/complete', { body: taskCompletionSchema }).returns<Task>(),
  reopen: post('/api/tasks/:id/reopen').returns<Task>(),
  remove: del('/api/tasks/:id').returns(),
  feed: get('/api/calendar-feed').returns<CalendarFeed>(),
  makeFeed: post('/api/calendar-feed').returns<CalendarFeed>(),
  removeFeed: del('/api/calendar-feed').returns(),
  digest: get('/api/tasks/digest').returns<Digest>(),
  setDigest: put('/api/tasks/digest', { body: digestInputSchema }).returns<Digest>(),
  plans: get('/api/action-plans').returns<{ items: Plan[] }>(),
  createPlan: post('/api/action-plans', { body: planInputSchema }).returns<Plan>(),
  updatePlan: put('/api/action-plans/:id', { body: planUpdateSchema }).returns<Plan>(),
  removePlan: del('/api/action-plans/:id').returns(),
  customerPlan: get('/api/customers/:id/action-plan').returns<CustomerPlan>(),
  startPlan: post('/api/customers/:id/action-plan', { body: planStartSchema }).returns<CustomerPlan>(),
  stopPlan: del('/api/customers/:id/action-plan').returns(),
});
