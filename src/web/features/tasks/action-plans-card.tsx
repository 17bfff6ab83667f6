import { useState } from 'react';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { planTriggerLabels, stepLabel, type Plan } from '@shared/tasks/plans';
import { DeleteButton } from '@/components/delete-button';
import { QueryState } from '@/components/query-state';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useDeletePlan, usePlans } from './api';
import { PlanFormDialog } from './plan-form-dialog';

const plural = (n: number, word: string) => `${n.toLocaleString()} ${word}${n === 1 ? '' : 's'}`;

/** What starts a plan, in a few words: 'By hand', 'A new lead from CarMarket', 'A completed deal'. */
const startsText = (plan: Plan) =>
  plan.starts_on === 'lead' ? `A new lead from ${plan.lead_source}` : planTriggerLabels[plan.starts_on];

/** Settings → Action plans (admins): the sequences of tasks a customer can be put on, by hand or by an event. */
export function ActionPlansCard() {
  const plans = usePlans();
  const remove = useDeletePlan();
  const [editing, setEditing] = useState<{ plan?: Plan } | null>(null);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Action plans</CardTitle>
        <CardDescription>
          Sequences of calls, e-mails, texts and to-dos. A plan starts on a customer by hand, or when a lead arrives from its
          source or a deal is completed; each step becomes a task for the customer’s agent on its day. It stops when the customer
          answers by e-mail or text, buys, or is marked inactive.
        </CardDescription>
        <CardAction>
          <Button size="sm" onClick={() => setEditing({})}>
            <Plus /> Add plan
          </Button>
        </CardAction>
      </CardHeader>
      <CardContent className="grid grid-cols-[minmax(0,1fr)] gap-4">
        <QueryState query={plans} loadingMessage="Loading action plans..." failedMessage="Failed to load action plans">
          {(items) =>
            items.length === 0 ? (
              <p className="text-muted-foreground text-sm">No action plans yet.</p>
            ) : (
              <ul className="grid grid-cols-[minmax(0,1fr)] gap-2">
                {items.map((plan) => (
                  <li key={plan.id} className="flex items-start gap-3 border-t pt-2 first:border-t-0 first:pt-0">
                    <div className="min-w-0 flex-1">
                      <p className="flex flex-wrap items-center gap-2 text-sm font-medium">
                        <span className="truncate">{plan.name}</span>
                        {!plan.active && <Badge variant="secondary">Off</Badge>}
                      </p>
                      <p className="text-muted-foreground text-xs">
                        {startsText(plan)} · {plural(plan.steps.length, 'step')} ({plan.steps.map(stepLabel).join(', ')}) ·{' '}
                        {plural(plan.running, 'customer')} on it
                      </p>
                    </div>
                    <Button
                      variant="ghost"
                      size="icon-sm"
                      aria-label={`Edit ${plan.name}`}
                      title="Edit"
                      onClick={() => setEditing({ plan })}
                    >
                      <Pencil />
                    </Button>
                    <DeleteButton
                      title={`Remove ${plan.name}?`}
                      description="No customer can be put on it any more. Customers on it now go on with its steps."
                      onDelete={() => remove.mutateAsync(plan.id)}
                      trigger={
                        <Button variant="ghost" size="icon-sm" aria-label={`Remove ${plan.name}`} title="Remove">
                          <Trash2 />
                        </Button>
                      }
                    />
                  </li>
                ))}
              </ul>
            )
          }
        </QueryState>
      </CardContent>
      <PlanFormDialog open={editing !== null} onOpenChange={(open) => !open && setEditing(null)} plan={editing?.plan} />
    </Card>
  );
}
