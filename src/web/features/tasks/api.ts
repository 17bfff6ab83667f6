import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Customer } from '@shared/customers/types';
import type { Page } from '@shared/http/paging';
import type { TaskCompletion, TaskInput, TaskListView, TaskUpdate } from '@shared/tasks/schemas';
import type { CalendarFeed, Digest, Task, TaskCalendar, TaskSummary } from '@shared/tasks/types';
import type { CustomerPlan, Plan, PlanInput, PlanUpdate } from '@shared/tasks/plans';
import { api, toSearchParams } from '@/lib/api-client';
import { keys } from '@/lib/query-keys';
import { customersApi } from '@shared/customers/api';
import { keyOf } from '@/lib/contract';

/** Whose tasks and which customer's: 'me' (the default), 'all' the caller may see, or one user's id. */
export type TaskFilter = { assignee?: string; customer?: string };

/** One section of My Tasks, a page at a time ('Show more'). */
export function useTasks(view: TaskListView, filter: TaskFilter, limit = 25) {
  const query = toSearchParams({ view, assignee: filter.assignee, customer: filter.customer, limit });
  return useInfiniteQuery({
    queryKey: keys.tasks.list(query),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      api<Page<Task>>(`/api/tasks?${query}&${toSearchParams({ cursor: pageParam })}`, { signal }),
    getNextPageParam: (page) => page.nextCursor,
  });
}

/** How many tasks each section holds for the same filter. */
export function useTaskSummary(filter: TaskFilter) {
  const query = toSearchParams({ assignee: filter.assignee, customer: filter.customer });
  return useQuery({
    queryKey: keys.tasks.summary(query),
    queryFn: ({ signal }) => api<TaskSummary>(`/api/tasks/summary?${query}`, { signal }),
  });
}

/** The calendar's tasks of the days `from`–`to` (both included), open and done. */
export function useCalendarTasks(range: { from: string; to: string } | null, assignee: string) {
  const query = range ? toSearchParams({ assignee, from: range.from, to: range.to }) : '';
  return useQuery({
    queryKey: keys.tasks.calendar(query),
    queryFn: ({ signal }) => api<TaskCalendar>(`/api/tasks/calendar?${query}`, { signal }),
    enabled: range !== null,
    placeholderData: keepPreviousData,
  });
}

/** Whether the caller has a private calendar feed; making one answers its address, once. */
export function useCalendarFeed() {
  return useQuery({ queryKey: keys.tasks.feed, queryFn: ({ signal }) => api<CalendarFeed>('/api/calendar-feed', { signal }) });
}

export function useMakeCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<CalendarFeed>('/api/calendar-feed', { method: 'POST' }),
    onSuccess: (feed) => queryClient.setQueryData(keys.tasks.feed, { ...feed, url: null }),
  });
}

export function useRemoveCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<void>('/api/calendar-feed', { method: 'DELETE' }),
    onSuccess: () => queryClient.setQueryData(keys.tasks.feed, { created_at: null, url: null }),
  });
}

/** Whether the caller gets the morning e-mail of their day; turning it on or off. */
export function useDigest() {
  return useQuery({ queryKey: keys.tasks.digest, queryFn: ({ signal }) => api<Digest>('/api/tasks/digest', { signal }) });
}

export function useSetDigest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (enabled: boolean) => api<Digest>('/api/tasks/digest', { method: 'PUT', body: { enabled } }),
    onSuccess: (digest) => queryClient.setQueryData(keys.tasks.digest, digest),
  });
}

/** The customers the caller may see whose name matches, for the task form's customer picker. */
export function useCustomerSearch(q: string) {
  return useQuery({
    queryKey: keys.tasks.customerSearch(q),
    queryFn: ({ signal }) => api<Page<Customer>>(`/api/customers?${toSearchParams({ q, limit: 8 })}`, { signal }),
    enabled: q.trim().length > 0,
    select: (page) => page.items,
  });
}

/** After a task changes, the task lists and its customer's timeline are read again. */
function useTaskChanged() {
  const queryClient = useQueryClient();
  return (task: Pick<Task, 'customer_id'>) => {
    void queryClient.invalidateQueries({ queryKey: keys.tasks.all });
    void queryClient.invalidateQueries({ queryKey: keyOf(customersApi.timeline, { params: { id: task.customer_id } }) });
  };
}

export function useCreateTask() {
  const changed = useTaskChanged();
  return useMutation({
    mutationFn: (input: TaskInput) => api<Task>('/api/tasks', { method: 'POST', body: input }),
    onSuccess: changed,
  });
}

export function useUpdateTask(id: string) {
  const changed = useTaskChanged();
  return useMutation({
    mutationFn: (input: TaskUpdate) => api<Task>(`/api/tasks/${id}`, { method: 'PUT', body: input }),
    onSuccess: changed,
  });
}

/** A task moved on the calendar: the same edit as the form's, for whichever task was dragged. */
export function useMoveTask() {
  const changed = useTaskChanged();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: TaskUpdate }) =>
      api<Task>(`/api/tasks/${id}`, { method: 'PUT', body: input }),
    onSuccess: changed,
  });
}

export function useCompleteTask(id: string) {
  const changed = useTaskChanged();
  return useMutation({
    mutationFn: (input: TaskCompletion) => api<Task>(`/api/tasks/${id}/complete`, { method: 'POST', body: input }),
    onSuccess: changed,
  });
}

export function useReopenTask() {
  const changed = useTaskChanged();
  return useMutation({
    mutationFn: (id: string) => api<Task>(`/api/tasks/${id}/reopen`, { method: 'POST' }),
    onSuccess: changed,
  });
}

export function useDeleteTask(task: Task) {
  const changed = useTaskChanged();
  return useMutation({
    mutationFn: () => api(`/api/tasks/${task.id}`, { method: 'DELETE' }),
    onSuccess: () => changed(task),
  });
}

/** The action plans admins have defined, by name. */
export function usePlans() {
  return useQuery({
    queryKey: keys.tasks.plans,
    queryFn: ({ signal }) => api<{ items: Plan[] }>('/api/action-plans', { signal }),
    select: (list) => list.items,
  });
}

function usePlansChanged() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: keys.tasks.plans });
}

export function useSavePlan(id: string | null) {
  const changed = usePlansChanged();
  return useMutation({
    mutationFn: (input: PlanInput | PlanUpdate) =>
      id
        ? api<Plan>(`/api/action-plans/${id}`, { method: 'PUT', body: input })
        : api<Plan>('/api/action-plans', { method: 'POST', body: input }),
    onSuccess: changed,
  });
}

export function useDeletePlan() {
  const changed = usePlansChanged();
  return useMutation({
    mutationFn: (id: string) => api<void>(`/api/action-plans/${id}`, { method: 'DELETE' }),
    onSuccess: changed,
  });
}

/** A customer's latest action plan, running or stopped. */
export function useCustomerPlan(customerId: string) {
  return useQuery({
    queryKey: keys.tasks.customerPlan(customerId),
    queryFn: ({ signal }) => api<CustomerPlan>(`/api/customers/${customerId}/action-plan`, { signal }),
    select: (plan) => plan.run,
  });
}

/** Starting or stopping a customer's plan changes their tasks, their timeline and the plans' counts. */
function useCustomerPlanChanged(customerId: string) {
  const changed = useTaskChanged();
  const queryClient = useQueryClient();
  return () => {
    changed({ customer_id: customerId });
    void queryClient.invalidateQueries({ queryKey: keys.tasks.plans });
  };
}

export function useStartPlan(customerId: string) {
  const changed = useCustomerPlanChanged(customerId);
  return useMutation({
    mutationFn: (planId: string) =>
      api<CustomerPlan>(`/api/customers/${customerId}/action-plan`, { method: 'POST', body: { plan_id: planId } }),
    onSuccess: changed,
  });
}

export function useStopPlan(customerId: string) {
  const changed = useCustomerPlanChanged(customerId);
  return useMutation({
    mutationFn: () => api<void>(`/api/customers/${customerId}/action-plan`, { method: 'DELETE' }),
    onSuccess: changed,
  });
}
