import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { outcomesFor, taskCompletionSchema, taskOutcomeLabels, type TaskCompletion, type TaskType } from '@shared/tasks/schemas';
import type { Task } from '@shared/tasks/types';
import { FormActions } from '@/components/form-actions';
import { OptionField } from '@/components/option-select';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/textarea';
import { showServerErrors } from '@/lib/server-errors';
import { notifyError, notifySuccess } from '@/lib/toast';
import { useCompleteTask } from './api';

type FormValues = { outcome: TaskCompletion['outcome'] | undefined; outcome_note: string };

/** The outcome a completion starts from: the appointment happened, the call reached them, the to-do was done. */
const usualOutcome = (type: TaskType): TaskCompletion['outcome'] =>
  type === 'appointment' ? 'showed' : type === 'todo' ? 'other' : 'reached';

/** 'Complete': how it went, written with the task on the customer's timeline. */
export function CompleteTaskDialog({
  task,
  open,
  onOpenChange,
}: {
  task: Task;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const complete = useCompleteTask(task.id);
  const form = useForm<FormValues, unknown, TaskCompletion>({
    resolver: zodResolver(taskCompletionSchema) as never,
    defaultValues: { outcome: usualOutcome(task.type), outcome_note: '' },
  });
  const submit = form.handleSubmit((values) =>
    complete.mutateAsync(values).then(
      () => {
        notifySuccess('Task completed', `${task.title} is on ${task.customer_name}'s timeline.`);
        form.reset();
        onOpenChange(false);
      },
      (error) => {
        if (!showServerErrors(form.setError, error))
          notifyError(
            'Error',
            error instanceof Error && error.message ? error.message : 'Failed to complete the task. Please try again.',
          );
      },
    ),
  );
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Complete task</DialogTitle>
          <DialogDescription>
            {task.title} · {task.customer_name}. How it went goes on their timeline.
            {task.type === 'appointment' && task.invitation === 'sent' && ' Cancelled tells the customer.'}
          </DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" onSubmit={submit} noValidate>
          <OptionField
            control={form.control}
            name="outcome"
            label="Outcome"
            options={outcomesFor(task.type)}
            labels={taskOutcomeLabels}
          />
          <FormField label="Note" htmlFor="task-outcome-note" error={form.formState.errors.outcome_note?.message}>
            <Textarea rows={3} placeholder="What was said, what comes next" {...form.register('outcome_note')} />
          </FormField>
          <FormActions
            onCancel={() => onOpenChange(false)}
            pending={form.formState.isSubmitting}
            submitLabel="Complete"
            pendingLabel="Saving..."
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
