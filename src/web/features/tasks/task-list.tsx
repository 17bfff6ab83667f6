import type { ReactNode } from 'react';
import type { Task } from '@shared/tasks/types';
import { ErrorState } from '@/components/error-state';
import { InlineLoading } from '@/components/loading-screen';
import { ShowMore } from '@/components/show-more';
import type { useTasks } from './api';
import { TaskRow } from './task-row';

/** A list of tasks with its three states (loading, failed with Retry, empty) and 'Show more'. */
export function TaskList({
  tasks,
  label,
  empty,
  showCustomer,
  showAssignee,
}: {
  tasks: ReturnType<typeof useTasks>;
  label: string;
  empty: ReactNode;
  showCustomer?: boolean;
  showAssignee?: boolean;
}) {
  if (tasks.isError && !tasks.data)
    return <ErrorState message="Failed to load tasks" error={tasks.error} onRetry={() => tasks.refetch()} />;
  if (!tasks.data) return <InlineLoading message="Loading tasks..." />;
  const items: Task[] = tasks.data.pages.flatMap((page) => page.items);
  if (items.length === 0) return <p className="text-muted-foreground px-6 py-10 text-center text-sm">{empty}</p>;
  return (
    <>
      <ul className="divide-y" aria-label={label}>
        {items.map((task) => (
          <TaskRow key={task.id} task={task} showCustomer={showCustomer} showAssignee={showAssignee} />
        ))}
      </ul>
      <ShowMore list={tasks} />
    </>
  );
}
