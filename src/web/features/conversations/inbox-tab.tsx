import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Check, Mail, MessageSquare } from 'lucide-react';
import type { InboxAssignee, InboxItem } from '@shared/conversations/types';
import { seesAllRecords } from '@shared/users/roles';
import { QueryState } from '@/components/query-state';
import { ShowMore } from '@/components/show-more';
import { Button } from '@/components/ui/button';
import { NativeSelect } from '@/components/ui/native-select';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Tabs, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useCurrentSession } from '@/features/auth/api';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime, formatDuration } from '@/lib/format';
import { notifyError, notifySuccess } from '@/lib/toast';
import { useAssignConversation, useInbox, useInboxAssignees, useMarkConversationDone } from './api';

/** Now, once a minute: how long each conversation has waited moves on by itself. */
function useMinuteClock() {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** Who answers a waiting conversation: nobody in particular, its customer's agent, or an admin or editor. */
function AssignSelect({ item, assignees }: { item: InboxItem; assignees: InboxAssignee[] }) {
  const assign = useAssignConversation();
  const people = [
    ...(item.agent_name ? [{ id: item.agent_id, name: item.agent_name }] : []),
    ...assignees.filter((person) => person.id !== item.agent_id),
  ];
  return (
    <div className="w-full sm:w-48">
      <NativeSelect
        aria-label={`Who answers ${item.customer_name}`}
        value={item.assigned_to?.id ?? ''}
        disabled={assign.isPending}
        onChange={(event) => {
          const userId = event.target.value || null;
          const name = people.find((person) => person.id === userId)?.name;
          assign.mutate(
            { customerId: item.customer_id, userId },
            {
              onSuccess: () =>
                notifySuccess(
                  'Conversation assigned',
                  name ? `${name} answers ${item.customer_name}.` : `${item.customer_name} is nobody's in particular.`,
                ),
              onError: (failure) => notifyError('Could not assign the conversation', errorMessage(failure, 'Please try again.')),
            },
          );
        }}
      >
        <option value="">Anyone</option>
        {people.map((person) => (
          <option key={person.id} value={person.id}>
            {person.name}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}

/**
 * The conversations waiting for us, oldest first, each with how long it has waited: a customer wrote or texted and no
 * one has answered yet. Answering from the customer's conversation (an e-mail, a text or a logged call) takes it off;
 * so does 'Done' when there is nothing to answer. Admins and editors may read the team's, and give any of them to
 * someone to answer; an agent may hand their own customer's on.
 */
export function InboxTab() {
  const { user } = useCurrentSession();
  const team = seesAllRecords(user.role);
  const [scope, setScope] = useState<'mine' | 'team'>('mine');
  const waiting = useInbox(scope);
  const done = useMarkConversationDone();
  const assignees = useInboxAssignees(true);
  const now = useMinuteClock();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Waiting for an answer</CardTitle>
        <CardDescription>Customers who wrote or texted and have not been answered yet, oldest first.</CardDescription>
        {team && (
          <Tabs value={scope} onValueChange={(next) => setScope(next as 'mine' | 'team')}>
            <TabsList aria-label="Whose conversations">
              <TabsTrigger value="mine">Mine</TabsTrigger>
              <TabsTrigger value="team">Team</TabsTrigger>
            </TabsList>
          </Tabs>
        )}
      </CardHeader>
      <CardContent>
        <QueryState query={waiting} loadingMessage="Loading conversations..." failedMessage="Failed to load the conversations">
          {(data) => {
            const items = data.pages.flatMap((page) => page.items);
            if (items.length === 0) return <p className="text-muted-foreground text-sm">Nobody is waiting for an answer.</p>;
            return (
              <div className="grid gap-3">
                <ul className="grid" aria-label="Waiting conversations">
                  {items.map((item) => {
                    const Icon = item.channel === 'email' ? Mail : MessageSquare;
                    return (
                      <li
                        key={item.customer_id}
                        className="flex flex-wrap items-center justify-between gap-2 border-b py-2 last:border-b-0"
                      >
                        <div className="min-w-0 flex-1">
                          <p className="flex min-w-0 items-center gap-2 font-medium">
                            <Icon
                              className="text-muted-foreground size-4 shrink-0"
                              aria-label={item.channel === 'email' ? 'E-mail' : 'Text'}
                            />
                            <Link to={`/customers/${item.customer_id}`} className="truncate hover:underline">
                              {item.customer_name}
                            </Link>
                          </p>
                          <p className="text-muted-foreground truncate text-sm">{item.preview}</p>
                          <p className="text-muted-foreground text-xs">
                            Waiting {formatDuration((now - Date.parse(item.waiting_since)) / 1000)} · since{' '}
                            {formatDateTime(item.waiting_since)}
                            {scope === 'team' && item.agent_name ? ` · ${item.agent_name}` : ''}
                            {item.assigned_to ? ` · given to ${item.assigned_to.name}` : ''}
                          </p>
                        </div>
                        {(team || item.agent_id === user.id) && <AssignSelect item={item} assignees={assignees.data ?? []} />}
                        <Button
                          variant="outline"
                          size="sm"
                          disabled={done.isPending}
                          onClick={() =>
                            done.mutate(item.customer_id, {
                              onSuccess: () =>
                                notifySuccess('Marked done', `${item.customer_name} no longer waits for an answer.`),
                              onError: (failure) =>
                                notifyError('Could not mark it done', errorMessage(failure, 'Please try again.')),
                            })
                          }
                        >
                          <Check /> Done
                        </Button>
                      </li>
                    );
                  })}
                </ul>
                <ShowMore list={waiting} />
              </div>
            );
          }}
        </QueryState>
      </CardContent>
    </Card>
  );
}
