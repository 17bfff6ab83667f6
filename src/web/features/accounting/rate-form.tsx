import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { commissionRateInputSchema, formatRate } from '@shared/accounting/schemas';
import type { AgentCommission } from '@shared/accounting/types';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { errorMessage } from '@/lib/api-client';
import { showServerErrors } from '@/lib/server-errors';
import { notifyError, notifySuccess } from '@/lib/toast';
import { useSetCommissionRate } from './api';

type RateForm = z.input<typeof commissionRateInputSchema>;

/** An agent's commission rate, edited in place: a number from 0 to 100, saved with Enter or Save. */
export function RateForm({ agent }: { agent: AgentCommission }) {
  const id = useId();
  const form = useForm<RateForm, unknown, z.output<typeof commissionRateInputSchema>>({
    resolver: zodResolver(commissionRateInputSchema),
    defaultValues: { rate: agent.commission_rate },
  });
  const { reset } = form;
  // A rate saved here or elsewhere becomes the new starting point.
  useEffect(() => reset({ rate: agent.commission_rate }), [agent.commission_rate, reset]);
  const save = useSetCommissionRate();
  const error = form.formState.errors.rate?.message;

  const submit = form.handleSubmit(({ rate }) =>
    save.mutate(
      { userId: agent.user_id, rate },
      {
        onSuccess: (saved) =>
          notifySuccess(
            'Commission Updated',
            `${saved.agent_name} now earns ${formatRate(saved.commission_rate)} on deals completed from now on.`,
          ),
        onError: (failure) => {
          showServerErrors(form.setError, failure);
          notifyError('Error', errorMessage(failure, 'Failed to update the commission rate.'));
        },
      },
    ),
  );

  return (
    <form onSubmit={submit} noValidate className="grid gap-1">
      <Label htmlFor={`${id}-rate`} className="sr-only">
        Commission rate of {agent.agent_name} (%)
      </Label>
      <div className="flex items-center gap-1.5">
        <Input
          id={`${id}-rate`}
          type="number"
          inputMode="decimal"
          step="0.01"
          min={0}
          max={100}
          className="h-8 w-24 text-right tabular-nums"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          {...form.register('rate', { valueAsNumber: true })}
        />
        <span className="text-muted-foreground text-sm" aria-hidden>
          %
        </span>
        <Button
          type="submit"
          size="sm"
          variant="outline"
          className="ml-1"
          disabled={!form.formState.isDirty || save.isPending}
          aria-label={`Save the commission rate of ${agent.agent_name}`}
        >
          {save.isPending ? 'Saving...' : 'Save'}
        </Button>
      </div>
      {error && (
        <p id={`${id}-error`} role="alert" className="text-destructive text-xs">
          {error}
        </p>
      )}
    </form>
  );
}
