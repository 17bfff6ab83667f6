import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TaskCompletion, TaskInput, TaskListView, TaskUpdate } from '@shared/tasks/schemas';
import type { Task } from '@shared/tasks/types';
import type { PlanInput, PlanUpdate } from '@shared/tasks/plans';
import { customersApi } from '@shared/customers/api';
import { tasksApi } from '@shared/tasks/api';
import { areaKey, call, keyOf, pagesOf, queryOf } from '@/lib/contract';

/** Whose tasks and which customer's: 'me' (the default), 'all' the caller may see, or one user's id. */
export type TaskFilter = { assignee?: string; customer?: string };

/** One section of My Tasks, a page at a time ('Show more'). */
export function useTasks(view: TaskListView, filter: TaskFilter, limit = 25) {
  return useInfiniteQuery(
    pagesOf(tasksApi.list, { query: { view, assignee: filter.assignee, customer: filter.customer, limit } }),
  );
}

/** How many tasks each section holds for the same filter. */
export function useTaskSummary(filter: TaskFilter) {
  return useQuery(queryOf(tasksApi.summary, { query: { assignee: filter.assignee, customer: filter.customer } }));
}

/** The calendar's tasks of the days `from`–`to` (both included), open and done. */
export function useCalendarTasks(range: { from: string; to: string } | null, assignee: string) {
  return useQuery({
    ...queryOf(tasksApi.calendar, { query: range ? { assignee, from: range.from, to: range.to } : '' }),
    enabled: range !== null,
    placeholderData: keepPreviousData,
  });
}

/** Whether the caller has a private calendar feed; making one answers its address, once. */
export function useCalendarFeed() {
  return useQuery(queryOf(tasksApi.feed));
}

export function useMakeCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(tasksApi.makeFeed),
    onSuccess: (feed) => queryClient.setQueryData(keyOf(tasksApi.feed), { ...feed, url: null }),
  });
}

export function useRemoveCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(tasksApi.removeFeed),
    onSuccess: () => queryClient.setQueryData(keyOf(tasksApi.feed), { created_at: null, url: null }),
  });
}

/** Whether the caller gets the morning e-mail of their day; turning it on or off. */
export function useDigest() {
  return useQuery(queryOf(tasksApi.digest));
}

export function useSetDigest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (enabled: boolean) => call(tasksApi.setDigest, { body: { enabled } }),
    onSuccess: (digest) => queryClient.setQueryData(keyOf(tasksApi.digest), digest),
  });
}

/** The customers the caller may see whose name matches, for the task form's customer picker. */
export function useCustomerSearch(q: string) {
  return useQuery({
    ...queryOf(customersApi.list, { query: { q, limit: 8 } }),
    enabled: q.trim().length > 0,
    select: (page) => page.items,
  });
}

/** After a task changes, the task lists and its customer's timeline are read again. */
function useTaskChanged() {
  const queryClient = useQueryClient();
  return (task: Pick<Task, 'customer_id'>) => {
    void queryClient.invalidateQueries({ queryKey: areaKey(tasksApi) });
    void queryClient.invalidateQueries({ queryKey: keyOf(customersApi.timeline, { params: { id: task.customer_id } }) });
  };
}

export function useCreateTask() {
  const changed = useTaskChanged();
  return useMutation({
    mutationFn: (input: TaskInput) => call(tasksApi.create, { body: input }),
    onSuccess: changed,
  });
}

export function useUpdateTask(id: string) {
  const changed = useTaskChanged();
  return useMutation({
    mutationFn: (input: TaskUpdate) => call(tasksApi.update, { params: { id }, body: input }),
    onSuccess: changed,
  });
}

/** A task moved on the calendar: the same edit as the form's, for whichever task was dragged. */
export function useMoveTask() {
  const changed = useTaskChanged();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: TaskUpdate }) => call(tasksApi.update, { params: { id }, body: input }),
    onSuccess: changed,
  });
}

export function useCompleteTask(id: string) {
  const changed = useTaskChanged();
  return useMutation({
    mutationFn: (input: TaskCompletion) => call(tasksApi.complete, { params: { id }, body: input }),
    onSuccess: changed,
  });
}

export function useReopenTask() {
  const changed = useTaskChanged();
  return useMutation({
    mutationFn: (id: string) => call(tasksApi.reopen, { params: { id } }),
    onSuccess: changed,
  });
}

export function useDeleteTask(task: Task) {
  const changed = useTaskChanged();
  return useMutation({
    mutationFn: () => call(tasksApi.remove, { params: { id: task.id } }),
    onSuccess: () => changed(task),
  });
}

/** The action plans admins have defined, by name. */
export function usePlans() {
  return useQuery({ ...queryOf(tasksApi.plans), select: (list) => list.items });
}

function usePlansChanged() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: keyOf(tasksApi.plans) });
}

export function useSavePlan(id: string | null) {
  const changed = usePlansChanged();
  return useMutation({
    // An edit carries the version it was made on (updated_at); a new plan has none.
    mutationFn: (input: PlanInput | PlanUpdate) =>
      id && 'updated_at' in input
        ? call(tasksApi.updatePlan, { params: { id }, body: input })
        : call(tasksApi.createPlan, { body: input }),
    onSuccess: changed,
  });
}

export function useDeletePlan() {
  const changed = usePlansChanged();
  return useMutation({
    mutationFn: (id: string) => call(tasksApi.removePlan, { params: { id } }),
    onSuccess: changed,
  });
}

/** A customer's latest action plan, running or stopped. */
export function useCustomerPlan(customerId: string) {
  return useQuery({
    ...queryOf(tasksApi.customerPlan, { params: { id: customerId } }),
    select: (plan) => plan.run,
  });
}

/** Starting or stopping a customer's plan changes their tasks, their timeline and the plans' counts. */
function useCustomerPlanChanged(customerId: string) {
  const changed = useTaskChanged();
  const queryClient = useQueryClient();
  return () => {
    changed({ customer_id: customerId });
    void queryClient.invalidateQueries({ queryKey: keyOf(tasksApi.plans) });
  };
}

export function useStartPlan(customerId: string) {
  const changed = useCustomerPlanChanged(customerId);
  return useMutation({
    mutationFn: (planId: string) => call(tasksApi.startPlan, { params: { id: customerId }, body: { plan_id: planId } }),
    onSuccess: changed,
  });
}

export function useStopPlan(customerId: string) {
  const changed = useCustomerPlanChanged(customerId);
  return useMutation({
    mutationFn: () => call(tasksApi.stopPlan, { params: { id: customerId } }),
    onSuccess: changed,
  });
}
