import { useEffect, type ComponentProps } from 'react';
import { Controller, useForm, type UseFormReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { dayIn } from '@shared/common/time';
import { formToUpdate, newTaskForm, taskToForm, type TaskPrefill } from '@shared/tasks/form';
import {
  APPOINTMENT_DURATIONS,
  taskInputSchema,
  taskPriorities,
  taskPriorityLabels,
  taskTypeLabels,
  taskTypes,
  type TaskFormValues,
  type TaskInput,
} from '@shared/tasks/schemas';
import type { Task } from '@shared/tasks/types';
import { seesAllRecords } from '@shared/users/roles';
import { FormActions } from '@/components/form-actions';
import { OptionField } from '@/components/option-select';
import { Checkbox } from '@/components/ui/checkbox';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Textarea } from '@/components/ui/textarea';
import { useCurrentSession } from '@/features/auth/api';
import { useDealAgents } from '@/features/deals/api';
import { showServerErrors } from '@/lib/server-errors';
import { notifyError, notifySuccess } from '@/lib/toast';
import { useCreateTask, useUpdateTask } from './api';
import { AppointmentMessages } from './appointment-messages';
import { CustomerField } from './customer-field';
import { VehicleField } from './vehicle-field';

/** '1 h 30 min' */
const durationText = (minutes: number) =>
  [minutes >= 60 ? `${Math.floor(minutes / 60)} h` : '', minutes % 60 ? `${minutes % 60} min` : ''].filter(Boolean).join(' ');

/** An appointment's length: the usual ones, and the one it has when that is another. */
function DurationField({
  value,
  onChange,
  ...props
}: Omit<ComponentProps<typeof NativeSelect>, 'value' | 'onChange'> & {
  value: number | null | undefined;
  onChange: (minutes: number | null) => void;
}) {
  const options =
    value && !(APPOINTMENT_DURATIONS as readonly number[]).includes(value)
      ? [value, ...APPOINTMENT_DURATIONS]
      : APPOINTMENT_DURATIONS;
  return (
    <NativeSelect {...props} value={value ?? ''} onChange={(e) => onChange(e.target.value ? Number(e.target.value) : null)}>
      <option value="">Choose…</option>
      {options.map((minutes) => (
        <option key={minutes} value={minutes}>
          {durationText(minutes)}
        </option>
      ))}
    </NativeSelect>
  );
}

/** Admins and editors give a task to anyone; agents' tasks are their own, so they see no choice. */
function AssigneeField({ value, onChange, current }: { value: string; onChange: (id: string) => void; current?: Task }) {
  const agents = useDealAgents();
  const options = agents.data ?? [];
  const known = current && !options.some((a) => a.id === current.assignee_id);
  return (
    <NativeSelect id="task-assignee" value={value} onChange={(e) => onChange(e.target.value)}>
      {known && <option value={current.assignee_id}>{current.assignee_name}</option>}
      {options.map((agent) => (
        <option key={agent.id} value={agent.id}>
          {agent.name}
        </option>
      ))}
    </NativeSelect>
  );
}

/**
 * 'Add task' and 'Edit task': one form over the shared schema. `prefill` starts a new task for the customer, deal or
 * lead of the page it is opened from; `task` edits a saved one.
 */
/** What an appointment adds to a task: its length, place and vehicle, and whether the customer is invited. */
function AppointmentFields({
  form,
  customerId,
  vehicleName,
}: {
  form: UseFormReturn<TaskFormValues, unknown, TaskInput>;
  customerId: string;
  vehicleName: string | null;
}) {
  const { errors } = form.formState;
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <Controller
          control={form.control}
          name="duration_minutes"
          render={({ field, fieldState }) => (
            <FormField label="Duration" htmlFor="task-duration" error={fieldState.error?.message}>
              <DurationField value={field.value} onChange={field.onChange} />
            </FormField>
          )}
        />
        <FormField label="Place (optional)" htmlFor="task-place" error={errors.place?.message}>
          <Input autoComplete="off" placeholder="The showroom" {...form.register('place')} />
        </FormField>
      </div>
      <VehicleField control={form.control} initialName={vehicleName} />
      <Controller
        control={form.control}
        name="invite_customer"
        render={({ field }) => (
          <div className="flex items-start gap-2">
            <Checkbox
              id="task-invite"
              className="mt-0.5"
              checked={field.value !== false}
              onCheckedChange={(checked) => field.onChange(checked === true)}
              aria-describedby="task-invite-hint"
            />
            <div className="grid gap-1">
              <Label htmlFor="task-invite" className="font-normal">
                Send the customer an invitation
              </Label>
              <p id="task-invite-hint" className="text-muted-foreground text-xs">
                By e-mail, with a calendar file; changes and a cancellation follow it. Not sent without an e-mail address.
              </p>
              {customerId && <AppointmentMessages customerId={customerId} invite={field.value !== false} />}
            </div>
          </div>
        )}
      />
    </>
  );
}

export function TaskFormDialog({
  open,
  onOpenChange,
  task,
  prefill,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  task?: Task;
  prefill?: TaskPrefill;
}) {
  const { user, timeZone } = useCurrentSession();
  const create = useCreateTask();
  const update = useUpdateTask(task?.id ?? '');
  const defaults = () => (task ? taskToForm(task) : { ...newTaskForm(dayIn(timeZone), prefill), assignee_id: user.id });
  const form = useForm<TaskFormValues, unknown, TaskInput>({ resolver: zodResolver(taskInputSchema), defaultValues: defaults() });
  const { errors } = form.formState;
  useEffect(() => {
    if (open) form.reset(defaults());
    // Each opening starts from the task or the page's prefill as they are then.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  const type = form.watch('type');
  const customerId = form.watch('customer_id') || task?.customer_id || prefill?.customer_id || '';
  const appointment = type === 'appointment';
  // A task made an appointment lasts an hour unless changed.
  useEffect(() => {
    if (open && appointment && !form.getValues('duration_minutes')) form.setValue('duration_minutes', 60);
  }, [open, appointment, form]);

  const submit = form.handleSubmit((values) =>
    (task ? update.mutateAsync(formToUpdate(values, task.updated_at)) : create.mutateAsync(values)).then(
      (saved) => {
        const invited = saved.invitation === 'sent' && saved.invited_at !== task?.invited_at;
        notifySuccess(
          task ? 'Task saved' : 'Task added',
          `${saved.title} · ${saved.customer_name}${invited ? ' · invitation sent' : ''}`,
        );
        onOpenChange(false);
      },
      (error) => {
        if (!showServerErrors(form.setError, error))
          notifyError(
            'Error',
            error instanceof Error && error.message ? error.message : 'Failed to save the task. Please try again.',
          );
      },
    ),
  );
  const fixedCustomer = Boolean(task || prefill?.customer_id);
  // Opened to book one, the dialog says so whatever the type is changed to.
  const booking = prefill?.type === 'appointment';
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90svh] overflow-y-auto sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>{task ? 'Edit task' : booking ? 'Book appointment' : 'Add task'}</DialogTitle>
          <DialogDescription>
            {fixedCustomer
              ? `For ${task?.customer_name ?? prefill?.customer_name ?? 'this customer'}. Due dates and times are the company's.`
              : "The next thing to do with a customer. Due dates and times are the company's."}
          </DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" onSubmit={submit} noValidate>
          {!fixedCustomer && <CustomerField control={form.control} initialName={prefill?.customer_name ?? ''} />}
          <FormField label="Title" htmlFor="task-title" error={errors.title?.message}>
            <Input
              autoComplete="off"
              placeholder="Call about the trade-in"
              autoFocus={fixedCustomer}
              {...form.register('title')}
            />
          </FormField>
          <div className="grid gap-4 sm:grid-cols-2">
            <OptionField control={form.control} name="type" label="Type" options={taskTypes} labels={taskTypeLabels} />
            <OptionField
              control={form.control}
              name="priority"
              label="Priority"
              options={taskPriorities}
              labels={taskPriorityLabels}
            />
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label={appointment ? 'Date' : 'Due date'} htmlFor="task-due-date" error={errors.due_date?.message}>
              <Input type="date" {...form.register('due_date')} />
            </FormField>
            <FormField label={appointment ? 'Time' : 'Time (optional)'} htmlFor="task-due-time" error={errors.due_time?.message}>
              <Input type="time" {...form.register('due_time')} />
            </FormField>
          </div>
          {appointment && (
            <AppointmentFields
              form={form}
              customerId={customerId}
              vehicleName={task?.vehicle_name ?? prefill?.vehicle_name ?? null}
            />
          )}
          {seesAllRecords(user.role) && (
            <Controller
              control={form.control}
              name="assignee_id"
              render={({ field, fieldState }) => (
                <FormField label="Assign to" htmlFor="task-assignee" error={fieldState.error?.message}>
                  <AssigneeField value={field.value ?? user.id} onChange={field.onChange} current={task} />
                </FormField>
              )}
            />
          )}
          <FormField label="Notes" htmlFor="task-notes" error={errors.notes?.message}>
            <Textarea rows={3} placeholder="What to say, what to bring" {...form.register('notes')} />
          </FormField>
          <FormActions
            onCancel={() => onOpenChange(false)}
            pending={form.formState.isSubmitting}
            submitLabel={task ? 'Save task' : booking ? 'Book appointment' : 'Add task'}
            pendingLabel="Saving..."
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
