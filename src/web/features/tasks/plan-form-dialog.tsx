import { useEffect } from 'react';
import { Controller, useFieldArray, useForm, type UseFormReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Plus, Trash2 } from 'lucide-react';
import { leadSources } from '@shared/customers/options';
import {
  PLAN_MAX_STEPS,
  planInputSchema,
  planPlaceholders,
  planStepTypes,
  planTriggerLabels,
  planTriggers,
  type Plan,
  type PlanFormValues,
  type PlanInput,
} from '@shared/tasks/plans';
import { taskTypeLabels } from '@shared/tasks/schemas';
import { FormActions } from '@/components/form-actions';
import { OptionField } from '@/components/option-select';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Switch } from '@/components/ui/switch';
import { Textarea } from '@/components/ui/textarea';
import { useLeadSources } from '@/features/leads/api';
import { errorMessage } from '@/lib/api-client';
import { showServerErrors } from '@/lib/server-errors';
import { notifyError, notifySuccess } from '@/lib/toast';
import { useSavePlan } from './api';

const newStep = (day: number) => ({ day, type: 'call' as const, title: '', message: '' });

const toForm = (plan?: Plan): PlanFormValues =>
  plan
    ? {
        name: plan.name,
        starts_on: plan.starts_on,
        lead_source: plan.lead_source ?? '',
        active: plan.active,
        steps: plan.steps.map((step) => ({ ...step, message: step.message ?? '' })),
      }
    : { name: '', starts_on: 'manual', lead_source: '', active: true, steps: [newStep(0)] };

/** The sources a lead can come from: the ADF sources set up here, and those chosen when a lead is added by hand. */
function LeadSourceOptions({ id }: { id: string }) {
  const sources = useLeadSources();
  const names = [...new Set([...(sources.data ?? []).map((source) => source.name), ...leadSources])];
  return (
    <datalist id={id}>
      {names.map((name) => (
        <option key={name} value={name} />
      ))}
    </datalist>
  );
}

/** 'Add plan' and 'Edit plan' (admins): a name, what starts it, and its steps, each a day after the start. */
/** The plan's steps, each a day after the start, a type, a title and an optional message; one at least. */
function PlanSteps({ form }: { form: UseFormReturn<PlanFormValues, unknown, PlanInput> }) {
  const steps = useFieldArray({ control: form.control, name: 'steps' });
  const { errors } = form.formState;
  const lastDay = () => Math.max(0, ...form.getValues('steps').map((step) => Number(step.day) || 0));
  return (
    <fieldset className="grid gap-3">
      <legend className="mb-1 text-sm font-medium">Steps</legend>
      <p className="text-muted-foreground text-xs">
        A message may name{' '}
        {Object.entries(planPlaceholders).map(([key, what], i, all) => (
          <span key={key}>
            <code>{key}</code> ({what}){i < all.length - 1 ? ', ' : ''}
          </span>
        ))}
        ; it is filled in on the task.
      </p>
      {errors.steps?.root?.message || errors.steps?.message ? (
        <p role="alert" className="text-destructive text-sm">
          {errors.steps?.root?.message ?? errors.steps?.message}
        </p>
      ) : null}
      <ol className="grid gap-3">
        {steps.fields.map((field, index) => {
          const error = errors.steps?.[index];
          return (
            <li key={field.id} className="grid gap-3 rounded-md border p-3" aria-label={`Step ${index + 1}`}>
              <div className="grid grid-cols-[5rem_minmax(0,1fr)_auto] items-start gap-2 sm:grid-cols-[5rem_8rem_minmax(0,1fr)_auto]">
                <FormField label="Day" htmlFor={`plan-step-${index}-day`} error={error?.day?.message}>
                  <Input
                    type="number"
                    min={0}
                    max={365}
                    inputMode="numeric"
                    {...form.register(`steps.${index}.day`, { valueAsNumber: true })}
                  />
                </FormField>
                <FormField label="Type" htmlFor={`plan-step-${index}-type`} error={error?.type?.message}>
                  <NativeSelect {...form.register(`steps.${index}.type`)}>
                    {planStepTypes.map((type) => (
                      <option key={type} value={type}>
                        {taskTypeLabels[type]}
                      </option>
                    ))}
                  </NativeSelect>
                </FormField>
                <FormField
                  label="Title"
                  htmlFor={`plan-step-${index}-title`}
                  error={error?.title?.message}
                  className="col-span-2 row-start-2 sm:col-span-1 sm:row-start-auto"
                >
                  <Input autoComplete="off" placeholder="Call to introduce yourself" {...form.register(`steps.${index}.title`)} />
                </FormField>
                <Button
                  type="button"
                  variant="ghost"
                  size="icon-sm"
                  className="col-start-3 row-start-1 mt-6 sm:col-start-4"
                  aria-label={`Remove step ${index + 1}`}
                  disabled={steps.fields.length === 1}
                  onClick={() => steps.remove(index)}
                >
                  <Trash2 />
                </Button>
              </div>
              <FormField label="Message (optional)" htmlFor={`plan-step-${index}-message`} error={error?.message?.message}>
                <Textarea rows={2} placeholder="Hi {first_name}, …" {...form.register(`steps.${index}.message`)} />
              </FormField>
            </li>
          );
        })}
      </ol>
      <Button
        type="button"
        variant="outline"
        size="sm"
        className="justify-self-start"
        disabled={steps.fields.length >= PLAN_MAX_STEPS}
        onClick={() => steps.append(newStep(lastDay() + 1))}
      >
        <Plus /> Add step
      </Button>
    </fieldset>
  );
}

export function PlanFormDialog({
  open,
  onOpenChange,
  plan,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  plan?: Plan;
}) {
  const save = useSavePlan(plan?.id ?? null);
  const form = useForm<PlanFormValues, unknown, PlanInput>({
    resolver: zodResolver(planInputSchema),
    defaultValues: toForm(plan),
  });
  const { errors } = form.formState;
  useEffect(() => {
    if (open) form.reset(toForm(plan));
    // Each opening starts from the plan as it is then.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);
  const startsOn = form.watch('starts_on');

  const submit = form.handleSubmit((values) =>
    save.mutateAsync(plan ? { ...values, updated_at: plan.updated_at } : values).then(
      (saved) => {
        notifySuccess(plan ? 'Plan saved' : 'Plan added', saved.name);
        onOpenChange(false);
      },
      (error) => {
        if (!showServerErrors(form.setError, error))
          notifyError('Could not save the plan', errorMessage(error, 'Please try again.'));
      },
    ),
  );

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90svh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{plan ? 'Edit plan' : 'Add plan'}</DialogTitle>
          <DialogDescription>
            Each step becomes a task for the customer’s agent on its day after the plan starts. The plan stops when the customer
            answers by e-mail or text, buys, or is marked inactive.
          </DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" onSubmit={submit} noValidate>
          {startsOn === 'lead' && <LeadSourceOptions id="plan-lead-sources" />}
          <FormField label="Name" htmlFor="plan-name" error={errors.name?.message}>
            <Input autoComplete="off" placeholder="New internet lead" {...form.register('name')} />
          </FormField>
          <div className="grid gap-4 sm:grid-cols-2">
            <OptionField
              control={form.control}
              name="starts_on"
              label="Starts"
              options={planTriggers}
              labels={planTriggerLabels}
            />
            {startsOn === 'lead' && (
              <FormField label="Lead source" htmlFor="plan-lead-source" error={errors.lead_source?.message}>
                <Input autoComplete="off" list="plan-lead-sources" placeholder="CarMarket" {...form.register('lead_source')} />
              </FormField>
            )}
          </div>
          <Controller
            control={form.control}
            name="active"
            render={({ field }) => (
              <div className="flex items-center gap-2">
                <Switch id="plan-active" checked={field.value !== false} onCheckedChange={field.onChange} />
                <Label htmlFor="plan-active" className="font-normal">
                  On: it can be started, and its event starts it
                </Label>
              </div>
            )}
          />
          <PlanSteps form={form} />
          <FormActions
            onCancel={() => onOpenChange(false)}
            pending={form.formState.isSubmitting}
            submitLabel={plan ? 'Save plan' : 'Add plan'}
            pendingLabel="Saving..."
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
