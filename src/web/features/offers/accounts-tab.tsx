import { useState } from 'react';
import { Plus } from 'lucide-react';
import type { InstagramAccount } from '@shared/offers/types';
import { QueryState } from '@/components/query-state';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useCurrentSession } from '@/features/auth/api';
import { useTeam } from '@/features/team/api';
import { errorMessage } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/toast';
import { useAddInstagramAccount, useInstagramAccounts, useRemoveInstagramAccount, useUpdateInstagramAccount } from './api';
import { can } from '@shared/users/permissions';

const COMPANY = 'company';
const count = new Intl.NumberFormat('en-US');

/** Add an account: admins the company's or an agent's; others their own. */
function AddAccount({ isAdmin }: { isAdmin: boolean }) {
  const [username, setUsername] = useState('');
  const [owner, setOwner] = useState(isAdmin ? COMPANY : 'me');
  const team = useTeam();
  const add = useAddInstagramAccount();
  const agents = (team.data ?? []).filter((m) => m.kind === 'user' && m.status === 'active');
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const input =
      owner === COMPANY
        ? { username, type: 'company' as const }
        : { username, type: 'agent' as const, user_id: owner === 'me' ? undefined : owner };
    add.mutate(input, {
      onSuccess: (account) => {
        notifySuccess('Account Added', `@${account.username} is listed. Connect it to post.`);
        setUsername('');
      },
      onError: (error) => notifyError('Error', errorMessage(error, 'The account could not be added.')),
    });
  };
  return (
    <form onSubmit={submit} className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end" aria-label="Add an Instagram account">
      <FormField label="Username" htmlFor="instagram-username">
        <Input value={username} onChange={(e) => setUsername(e.target.value)} placeholder="@yourbrokerage" autoComplete="off" />
      </FormField>
      {isAdmin ? (
        <Select value={owner} onValueChange={setOwner}>
          <FormField label="Whose account" htmlFor="instagram-owner">
            <SelectTrigger className="w-full">
              <SelectValue />
            </SelectTrigger>
          </FormField>
          <SelectContent>
            <SelectItem value={COMPANY}>The company</SelectItem>
            {agents.map((agent) => (
              <SelectItem key={agent.id} value={agent.id}>
                {agent.name ?? agent.email}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      ) : (
        <p className="text-muted-foreground text-sm sm:pb-2">Your own account</p>
      )}
      <Button type="submit" disabled={add.isPending || username.trim() === ''}>
        <Plus /> Add Account
      </Button>
    </form>
  );
}

function ManageDialog({ account, onClose }: { account: InstagramAccount | null; onClose: () => void }) {
  const update = useUpdateInstagramAccount();
  const remove = useRemoveInstagramAccount();
  const [followers, setFollowers] = useState('');
  return (
    <Dialog open={account !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Manage @{account?.username}</DialogTitle>
          <DialogDescription>Update the follower count, or remove the account from Torque.</DialogDescription>
        </DialogHeader>
        {account && (
          <form
            className="grid gap-3"
            onSubmit={(event) => {
              event.preventDefault();
              update.mutate(
                { id: account.id, followers: followers === '' ? account.followers : followers },
                {
                  onSuccess: () => (notifySuccess('Account Updated', `@${account.username}`), onClose()),
                  onError: (error) => notifyError('Error', errorMessage(error, 'The account could not be updated.')),
                },
              );
            }}
          >
            <FormField label="Followers" htmlFor="instagram-followers">
              <Input
                inputMode="numeric"
                placeholder={count.format(account.followers)}
                value={followers}
                onChange={(e) => setFollowers(e.target.value)}
              />
            </FormField>
            <div className="flex flex-wrap justify-between gap-2">
              <Button
                type="button"
                variant="outline"
                className="text-destructive"
                disabled={remove.isPending}
                onClick={() =>
                  window.confirm(`Remove @${account.username} from Torque?`) &&
                  remove.mutate(account.id, {
                    onSuccess: () => (notifySuccess('Account Removed', `@${account.username}`), onClose()),
                    onError: (error) => notifyError('Error', errorMessage(error, 'The account could not be removed.')),
                  })
                }
              >
                Remove
              </Button>
              <Button type="submit" disabled={update.isPending}>
                Save
              </Button>
            </div>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}

/**
 * Account Management: admins see every account; others the company's and their own. Manage and Connect are disabled on
 * accounts that are not the reader's own, unless they are an admin.
 */
export function AccountsTab() {
  const { user } = useCurrentSession();
  const isAdmin = can(user, 'connectForCompany');
  const accounts = useInstagramAccounts();
  const update = useUpdateInstagramAccount();
  const [managing, setManaging] = useState<InstagramAccount | null>(null);
  const connect = (account: InstagramAccount) =>
    update.mutate(
      { id: account.id, is_connected: !account.is_connected },
      {
        onSuccess: (changed) =>
          notifySuccess(changed.is_connected ? 'Account Connected' : 'Account Disconnected', `@${changed.username}`),
        onError: (error) => notifyError('Error', errorMessage(error, 'Please try again.')),
      },
    );
  return (
    <Card>
      <CardHeader>
        <CardTitle>Account Management</CardTitle>
        <CardDescription>The Instagram accounts offers are posted to</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <QueryState query={accounts} loadingMessage="Loading accounts..." failedMessage="Failed to load Instagram accounts">
          {(items) =>
            items.length === 0 ? (
              <p className="text-muted-foreground py-4 text-center text-sm">No Instagram accounts yet.</p>
            ) : (
              <div className="overflow-x-auto">
                <Table aria-label="Instagram accounts">
                  <TableHeader>
                    <TableRow>
                      <TableHead>Account</TableHead>
                      <TableHead>Type</TableHead>
                      <TableHead className="text-right">Followers</TableHead>
                      <TableHead>Status</TableHead>
                      <TableHead className="text-right">Actions</TableHead>
                    </TableRow>
                  </TableHeader>
                  <TableBody>
                    {items.map((account) => (
                      <TableRow key={account.id}>
                        <TableCell>
                          <div className="font-medium">@{account.username}</div>
                          {account.agent_email && <div className="text-muted-foreground text-xs">{account.agent_email}</div>}
                        </TableCell>
                        <TableCell className="capitalize">{account.type}</TableCell>
                        <TableCell className="text-right tabular-nums">{count.format(account.followers)}</TableCell>
                        <TableCell>
                          <Badge variant={account.is_connected ? 'default' : 'outline'}>
                            {account.is_connected ? 'Connected' : 'Not connected'}
                          </Badge>
                        </TableCell>
                        <TableCell className="text-right">
                          <div className="flex justify-end gap-2">
                            <Button
                              variant="outline"
                              size="sm"
                              disabled={!account.manageable}
                              onClick={() => setManaging(account)}
                              aria-label={`Manage @${account.username}`}
                            >
                              Manage
                            </Button>
                            <Button
                              size="sm"
                              variant={account.is_connected ? 'outline' : 'default'}
                              disabled={!account.manageable || update.isPending}
                              onClick={() => connect(account)}
                              aria-label={`${account.is_connected ? 'Disconnect' : 'Connect'} @${account.username}`}
                            >
                              {account.is_connected ? 'Disconnect' : 'Connect'}
                            </Button>
                          </div>
                        </TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </div>
            )
          }
        </QueryState>
        <AddAccount isAdmin={isAdmin} />
        <ManageDialog account={managing} onClose={() => setManaging(null)} />
      </CardContent>
    </Card>
  );
}
