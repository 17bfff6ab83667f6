import { useState } from 'react';
import { Link } from 'react-router';
import {
  CalendarClock,
  Check,
  Mail,
  MessageSquare,
  MoreHorizontal,
  Pencil,
  Phone,
  RotateCcw,
  SquareCheck,
  Trash2,
} from 'lucide-react';
import { customerAnswerLabels, type CustomerAnswer } from '@shared/tasks/appointment-mail';
import { taskOutcomeLabels, taskRuleLabels, taskTypeLabels, type TaskType } from '@shared/tasks/schemas';
import type { Task } from '@shared/tasks/types';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { errorMessage } from '@/lib/api-client';
import { formatDate, formatDateTime } from '@/lib/format';
import { notifyError, notifySuccess } from '@/lib/toast';
import { useDeleteTask, useReopenTask } from './api';
import { CompleteTaskDialog } from './complete-task-dialog';
import { TaskFormDialog } from './task-form-dialog';

export const typeIcons: Record<TaskType, typeof Phone> = {
  call: Phone,
  email: Mail,
  text: MessageSquare,
  appointment: CalendarClock,
  todo: SquareCheck,
};

/** How the customer's answer to an appointment's invitation looks beside it. */
const answerVariants: Record<CustomerAnswer, 'success' | 'destructive' | 'warning'> = {
  accepted: 'success',
  declined: 'destructive',
  tentative: 'warning',
};

/** The local time `minutes` after HH:MM, as HH:MM (on the clock, past midnight too). */
function timeAfter(time: string, minutes: number) {
  const [hours, mins] = time.split(':').map(Number) as [number, number];
  const total = (hours * 60 + mins + minutes) % 1440;
  return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
}

/**
 * When it is due, in words: 'Today 14:30', 'Mar 4, 2026', 'Overdue · Mar 2, 2026', and 'Late · Today 09:00' once a
 * time of today has gone; an appointment to its end.
 */
export function dueText(task: Pick<Task, 'view' | 'late' | 'due_date' | 'due_time'> & { duration_minutes?: number | null }) {
  const day = task.view === 'today' ? 'Today' : formatDate(task.due_date);
  const time =
    task.due_time && task.duration_minutes
      ? `${task.due_time}–${timeAfter(task.due_time, task.duration_minutes)}`
      : task.due_time;
  const when = time ? `${day} ${time}` : day;
  if (task.view === 'overdue') return `Overdue · ${when}`;
  return task.late ? `Late · ${when}` : when;
}

/** One task: what, for whom, when; Complete, and Edit, Reopen and Delete in its menu. */
export function TaskRow({
  task,
  showCustomer = true,
  showAssignee = false,
}: {
  task: Task;
  showCustomer?: boolean;
  showAssignee?: boolean;
}) {
  const [completing, setCompleting] = useState(false);
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const reopen = useReopenTask();
  const remove = useDeleteTask(task);
  const Icon = typeIcons[task.type];
  const done = task.view === 'done';
  return (
    <li className="flex items-start gap-3 px-4 py-3 sm:px-6" aria-label={task.title}>
      <span className="bg-muted text-muted-foreground mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-full">
        <Icon className="size-4" aria-label={taskTypeLabels[task.type]} />
      </span>
      <div className="grid min-w-0 flex-1 gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <span className={done ? 'text-muted-foreground font-medium line-through' : 'font-medium'}>{task.title}</span>
          {task.priority === 'high' && !done && <Badge variant="warning">High</Badge>}
          {done && task.outcome && <Badge variant="secondary">{taskOutcomeLabels[task.outcome]}</Badge>}
          {task.rule && <Badge variant="outline">{taskRuleLabels[task.rule]}</Badge>}
          {task.type === 'appointment' && task.invitation && (
            <Badge variant="outline">{task.invitation === 'sent' ? 'Invited' : 'Invitation cancelled'}</Badge>
          )}
          {task.type === 'appointment' && task.customer_answer && (
            <Badge
              variant={answerVariants[task.customer_answer]}
              title={task.customer_answered_at ? `The customer answered ${formatDateTime(task.customer_answered_at)}` : undefined}
            >
              {customerAnswerLabels[task.customer_answer]}
            </Badge>
          )}
        </div>
        <div className="text-muted-foreground flex flex-wrap gap-x-3 gap-y-0.5 text-sm">
          <span className={task.late ? 'text-destructive font-medium' : undefined}>
            {done && task.completed_at ? `Done ${formatDateTime(task.completed_at)}` : dueText(task)}
          </span>
          {showCustomer && (
            <Link to={`/customers/${task.customer_id}`} className="underline-offset-4 hover:underline">
              {task.customer_name}
            </Link>
          )}
          {task.deal_id && (
            <Link to={`/deals/${task.deal_id}`} className="underline-offset-4 hover:underline">
              Deal
            </Link>
          )}
          {task.place && <span>{task.place}</span>}
          {task.vehicle_name && <span>{task.vehicle_name}</span>}
          {showAssignee && <span>For {task.assignee_name}</span>}
        </div>
        {(done ? task.outcome_note : task.notes) && (
          <p className="text-muted-foreground text-sm break-words whitespace-pre-wrap">{done ? task.outcome_note : task.notes}</p>
        )}
      </div>
      <div className="flex shrink-0 items-center gap-1">
        {!done && (
          <Button size="sm" variant="outline" onClick={() => setCompleting(true)}>
            <Check /> <span className="sr-only sm:not-sr-only">Complete</span>
          </Button>
        )}
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button size="icon" variant="ghost" aria-label={`More for ${task.title}`}>
              <MoreHorizontal />
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="end">
            {!done && (
              <DropdownMenuItem onSelect={() => setEditing(true)}>
                <Pencil /> Edit
              </DropdownMenuItem>
            )}
            {done && (
              <DropdownMenuItem
                onSelect={() =>
                  reopen.mutate(task.id, {
                    onSuccess: () => notifySuccess('Task reopened', task.title),
                    onError: (error) => notifyError('Error', errorMessage(error, 'Failed to reopen the task. Please try again.')),
                  })
                }
              >
                <RotateCcw /> Reopen
              </DropdownMenuItem>
            )}
            <DropdownMenuItem variant="destructive" onSelect={() => setDeleting(true)}>
              <Trash2 /> Delete
            </DropdownMenuItem>
          </DropdownMenuContent>
        </DropdownMenu>
      </div>
      {completing && <CompleteTaskDialog task={task} open={completing} onOpenChange={setCompleting} />}
      {editing && <TaskFormDialog task={task} open={editing} onOpenChange={setEditing} />}
      <ConfirmDialog
        open={deleting}
        onOpenChange={setDeleting}
        title={`Delete ${task.title}?`}
        description="The task is removed; the customer's timeline keeps that it was there."
        confirmLabel="Delete"
        pendingLabel="Deleting..."
        destructive
        fallbackError="Could not delete. Please try again."
        onConfirm={() => remove.mutateAsync().then(() => notifySuccess('Task deleted', task.title))}
      />
    </li>
  );
}
