import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { UserRoundCog } from 'lucide-react';
import { customersApi } from '@shared/customers/api';
import { tasksApi } from '@shared/tasks/api';
import { vehiclesApi } from '@shared/vehicles/api';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { useDealAgents } from '@/features/deals/api';
import { errorMessage } from '@/lib/api-client';
import { areaKey, call } from '@/lib/contract';
import { notifyError, notifySuccess } from '@/lib/toast';

const nouns = {
  customers: { one: 'customer', many: 'customers' },
  vehicles: { one: 'vehicle', many: 'vehicles' },
} as const;

const reassignOf = { customers: customersApi.reassign, vehicles: vehiclesApi.reassign };

/** Hands customers or vehicles to another user (admins and editors). */
export function useReassign(kind: 'customers' | 'vehicles') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { ids: string[]; user_id: string }) => call(reassignOf[kind], { body }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: areaKey(kind) }),
        queryClient.invalidateQueries({ queryKey: areaKey(tasksApi) }),
      ]),
  });
}

/**
 * 'Give to': a user to hand the chosen customers or vehicles to, and the button that does it. Their open tasks and
 * running plan go with customers; both owners' lists refresh in every tab.
 */
export function GiveTo({
  kind,
  ids,
  ownerId,
  onDone,
}: {
  kind: 'customers' | 'vehicles';
  ids: string[];
  /** The present owner, when every record shown has the same one: not offered. */
  ownerId?: string;
  onDone?: () => void;
}) {
  const agents = useDealAgents();
  const reassign = useReassign(kind);
  const [to, setTo] = useState('');
  const noun = ids.length === 1 ? nouns[kind].one : `${ids.length} ${nouns[kind].many}`;
  const give = () =>
    reassign.mutate(
      { ids, user_id: to },
      {
        onSuccess: (result) => {
          notifySuccess(
            'Handed over',
            result.reassigned === 0 ? `Already ${result.to.name}'s.` : `${result.to.name} now has the ${noun}.`,
          );
          setTo('');
          onDone?.();
        },
        onError: (error) => notifyError('Error', errorMessage(error, 'Could not hand them over. Please try again.')),
      },
    );
  const choices = (agents.data ?? []).filter((agent) => agent.id !== ownerId);
  const id = `give-${kind}-to`;
  return (
    <div className="flex flex-wrap items-end gap-2">
      <div className="grid min-w-48 flex-1 gap-1.5">
        <Label htmlFor={id}>Give to</Label>
        <Select value={to} onValueChange={setTo} disabled={agents.isPending || reassign.isPending}>
          <SelectTrigger id={id} className="w-full">
            <SelectValue placeholder={agents.isError ? 'The team could not be loaded' : 'Choose who takes over'} />
          </SelectTrigger>
          <SelectContent>
            {choices.map((agent) => (
              <SelectItem key={agent.id} value={agent.id}>
                {agent.name}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <Button type="button" variant="outline" onClick={give} disabled={!to || ids.length === 0 || reassign.isPending}>
        <UserRoundCog /> {reassign.isPending ? 'Handing over...' : `Give ${noun}`}
      </Button>
    </div>
  );
}

/** Above a list whose rows can be picked: how many are, handing them all over, and letting them go. */
export function SelectionBar({
  kind,
  selected,
  onClear,
}: {
  kind: 'customers' | 'vehicles';
  selected: ReadonlySet<string>;
  onClear: () => void;
}) {
  if (selected.size === 0) return null;
  return (
    <div
      role="region"
      aria-label={`Selected ${kind}`}
      className="bg-muted/40 grid gap-3 rounded-md border p-3 sm:flex sm:items-end sm:justify-between"
    >
      <div className="flex items-center justify-between gap-2 sm:self-center">
        <p className="text-sm font-medium" aria-live="polite">
          {selected.size} selected
        </p>
        <Button type="button" variant="ghost" size="sm" onClick={onClear}>
          Clear
        </Button>
      </div>
      <GiveTo kind={kind} ids={[...selected]} onDone={onClear} />
    </div>
  );
}
