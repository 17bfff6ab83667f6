import { useState } from 'react';
import { Check, Circle, CircleDot, Play, Square } from 'lucide-react';
import { planStopReasonLabels, stepLabel, type PlanRun } from '@shared/tasks/plans';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { QueryState } from '@/components/query-state';
import { Button } from '@/components/ui/button';
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { errorMessage } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { notifyError, notifySuccess } from '@/lib/toast';
import { useCustomerPlan, usePlans, useStartPlan, useStopPlan } from './api';

type Step = PlanRun['steps'][number];

/** Where a step is: done, added and open, removed, or still to come on its day. */
function StepState({ step }: { step: Step }) {
  if (step.done) return <Check className="text-primary size-4 shrink-0" aria-label="Done" />;
  if (step.added && step.task_id) return <CircleDot className="size-4 shrink-0 text-amber-600" aria-label="Open" />;
  if (step.added) return <Circle className="text-muted-foreground size-4 shrink-0" aria-label="Removed" />;
  return <Circle className="text-muted-foreground size-4 shrink-0" aria-label="To come" />;
}

function RunningPlan({ run }: { run: PlanRun }) {
  const next = run.next_step === null ? null : run.steps[run.next_step]!;
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-3">
      <div>
        <p className="text-sm font-medium">{run.plan_name}</p>
        <p className="text-muted-foreground text-xs">
          Started {formatDate(run.start_day)} {run.started_by_name ? `by ${run.started_by_name}` : 'by Torque'}
        </p>
      </div>
      {next && (
        <p className="bg-muted/50 rounded-md border px-3 py-2 text-sm" data-testid="plan-next-step">
          <span className="font-medium">Next:</span> {stepLabel(next)} — {next.title}, on {formatDate(next.due_date)}
        </p>
      )}
      <ol className="grid grid-cols-[minmax(0,1fr)] gap-1.5" aria-label="Steps">
        {run.steps.map((step, index) => (
          <li key={index} className="flex items-start gap-2">
            <span className="mt-0.5">
              <StepState step={step} />
            </span>
            <div className="min-w-0 flex-1">
              <p className="text-sm break-words">{step.title}</p>
              <p className="text-muted-foreground text-xs">
                {stepLabel(step)} · {formatDate(step.due_date)}
              </p>
            </div>
          </li>
        ))}
      </ol>
    </div>
  );
}

/** Putting the customer on a plan that is on. */
function StartPlan({ customerId }: { customerId: string }) {
  const plans = usePlans();
  const start = useStartPlan(customerId);
  const [chosen, setChosen] = useState('');
  return (
    <QueryState query={plans} loadingMessage="Loading action plans..." failedMessage="Failed to load action plans">
      {(items) => {
        const active = items.filter((plan) => plan.active);
        if (active.length === 0)
          return <p className="text-muted-foreground text-sm">No action plans yet. Admins add them in Settings.</p>;
        const planId = chosen || active[0]!.id;
        return (
          <form
            className="flex flex-col gap-2 sm:flex-row sm:items-end"
            onSubmit={(event) => {
              event.preventDefault();
              start.mutate(planId, {
                onSuccess: (started) => notifySuccess('Plan started', started.run?.plan_name),
                onError: (error) => notifyError('Could not start the plan', errorMessage(error, 'Please try again.')),
              });
            }}
          >
            <div className="grid min-w-0 flex-1 gap-2">
              <Label htmlFor={`plan-for-${customerId}`}>Plan</Label>
              <NativeSelect id={`plan-for-${customerId}`} value={planId} onChange={(e) => setChosen(e.target.value)}>
                {active.map((plan) => (
                  <option key={plan.id} value={plan.id}>
                    {plan.name}
                  </option>
                ))}
              </NativeSelect>
            </div>
            <Button type="submit" variant="outline" disabled={start.isPending}>
              <Play /> {start.isPending ? 'Starting...' : 'Start plan'}
            </Button>
          </form>
        );
      }}
    </QueryState>
  );
}

/** A customer's action plan: the one running and its next step, or the last one and why it stopped; start or stop one. */
export function CustomerPlanCard({ customerId }: { customerId: string }) {
  const run = useCustomerPlan(customerId);
  const stop = useStopPlan(customerId);
  const running = run.data && run.data.stopped_at === null ? run.data : null;
  return (
    <Card className="gap-2">
      <CardHeader>
        <CardTitle>Action plan</CardTitle>
        <CardDescription>Steps that become tasks on their days</CardDescription>
        {running && (
          <CardAction>
            <ConfirmDialog
              title={`Stop ${running.plan_name}?`}
              description="Its open tasks are removed and no more steps are added. Tasks already done stay."
              confirmLabel="Stop plan"
              pendingLabel="Stopping..."
              destructive
              fallbackError="Could not stop the plan. Please try again."
              onConfirm={() => stop.mutateAsync().then(() => notifySuccess('Plan stopped', running.plan_name))}
              trigger={
                <Button size="sm" variant="outline">
                  <Square /> Stop plan
                </Button>
              }
            />
          </CardAction>
        )}
      </CardHeader>
      <CardContent className="grid grid-cols-[minmax(0,1fr)] gap-3">
        <QueryState query={run} loadingMessage="Loading the plan..." failedMessage="Failed to load the plan">
          {(latest) =>
            running ? (
              <RunningPlan run={running} />
            ) : (
              <>
                {latest?.stopped_at && (
                  <p className="text-muted-foreground text-sm">
                    {latest.plan_name} stopped on {formatDate(latest.stopped_at)}: {planStopReasonLabels[latest.stop_reason!]}.
                  </p>
                )}
                {!latest && <p className="text-muted-foreground text-sm">Not on a plan.</p>}
                <StartPlan customerId={customerId} />
              </>
            )
          }
        </QueryState>
      </CardContent>
    </Card>
  );
}
