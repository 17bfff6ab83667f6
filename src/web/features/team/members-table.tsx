import { useState, type ReactNode } from 'react';
import { X } from 'lucide-react';
import { deactivationRefusal, mayChangeRoles, mayManage } from '@shared/team/rules';
import type { TeamMember } from '@shared/team/types';
import { roleLabels, roles, type Role } from '@shared/users/roles';
import { agentFigures } from '@shared/analytics/agent-figures';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { FigureLabel } from '@/components/figure-label';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Switch } from '@/components/ui/switch';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useCurrentSession } from '@/features/auth/api';
import { errorMessage } from '@/lib/api-client';
import { formatCents, formatCount, formatDateTime } from '@/lib/format';
import { notifyError, notifySuccess } from '@/lib/toast';
import { useRevokeInvitation, useUpdateMember } from './api';
import { MemberStatusBadge } from './member-status-badge';
import { can } from '@shared/users/permissions';

const who = (member: TeamMember) => member.name ?? member.email;

function RoleCell({ member, editable }: { member: TeamMember; editable: boolean }) {
  const update = useUpdateMember();
  if (!editable || member.kind !== 'user') return <Badge variant="outline">{roleLabels[member.role]}</Badge>;
  return (
    <Select
      value={member.role}
      disabled={update.isPending}
      onValueChange={(role) =>
        update.mutate(
          { id: member.id, role: role as Role },
          {
            onSuccess: () => notifySuccess('Role Updated', `${who(member)} is now ${roleLabels[role as Role]}.`),
            onError: (error) => notifyError('Error', errorMessage(error, 'Failed to change the role.')),
          },
        )
      }
    >
      <SelectTrigger size="sm" className="w-28" aria-label={`Role of ${who(member)}`}>
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        {roles.map((role) => (
          <SelectItem key={role} value={role}>
            {roleLabels[role]}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}

function Actions({ member, activeAdmins }: { member: TeamMember; activeAdmins: number }) {
  const { user } = useCurrentSession();
  const revoke = useRevokeInvitation();
  if (!mayManage(user.role, member.role)) return <span className="text-muted-foreground">—</span>;
  if (member.kind === 'invitation') {
    return (
      <Button
        variant="outline"
        size="sm"
        disabled={revoke.isPending}
        aria-label={`Revoke the invitation of ${member.email}`}
        onClick={() =>
          revoke.mutate(member.id, {
            onSuccess: () => notifySuccess('Invitation Revoked', `The link sent to ${member.email} no longer works.`),
            onError: (error) => notifyError('Error', errorMessage(error, 'Failed to revoke the invitation.')),
          })
        }
      >
        <X /> Revoke
      </Button>
    );
  }
  return <StatusSwitch member={member} activeAdmins={activeAdmins} />;
}

/**
 * The member's state ('Active' or 'Inactive') as a switch: turning it asks first, and it is disabled, saying why,
 * where the server would refuse (the user's own account, the last active admin).
 */
function StatusSwitch({ member, activeAdmins }: { member: TeamMember; activeAdmins: number }) {
  const { user } = useCurrentSession();
  const update = useUpdateMember();
  const [asking, setAsking] = useState(false);
  const active = member.status === 'active';
  const refusal = active ? deactivationRefusal(user.id, member, activeAdmins) : null;
  const name = who(member);
  const state = active ? 'Active' : 'Inactive';
  return (
    <div className="inline-flex items-center gap-2 text-sm">
      <Switch
        checked={active}
        disabled={update.isPending || refusal !== null}
        aria-label={`${name}: ${state}`}
        aria-describedby={refusal ? `refusal-${member.id}` : undefined}
        title={refusal ?? undefined}
        onCheckedChange={() => setAsking(true)}
      />
      <span aria-hidden>{state}</span>
      {refusal && (
        <span id={`refusal-${member.id}`} className="sr-only">
          {refusal}
        </span>
      )}
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title={active ? `Deactivate ${name}?` : `Activate ${name}?`}
        description={
          active
            ? `${name} is signed out at once and cannot sign in until activated again.`
            : `${name} can sign in again with their password.`
        }
        confirmLabel={active ? 'Deactivate' : 'Activate'}
        pendingLabel={active ? 'Deactivating...' : 'Activating...'}
        destructive={active}
        fallbackError="Failed to change the status."
        onConfirm={() =>
          update.mutateAsync(
            { id: member.id, status: active ? 'inactive' : 'active' },
            {
              onSuccess: () =>
                notifySuccess(
                  active ? 'User Deactivated' : 'User Activated',
                  `${name} ${active ? 'is signed out and cannot sign in' : 'can sign in again'}.`,
                ),
            },
          )
        }
      />
    </div>
  );
}

function UserCell({ member }: { member: TeamMember }) {
  return (
    <div className="min-w-0">
      <div className="font-medium">{member.name ?? <span className="text-muted-foreground italic">Invited</span>}</div>
      <div className="text-muted-foreground truncate text-sm">{member.email}</div>
    </div>
  );
}

const lastLogin = (member: TeamMember): ReactNode =>
  member.kind === 'invitation'
    ? `Invited, link valid until ${formatDateTime(member.expires_at ?? '')}`
    : member.last_login_at
      ? formatDateTime(member.last_login_at)
      : 'Never';

/** User, Role, Status, Last Login, Total Sales, Deals, Actions: a table from tablet width up, cards on a phone. */
export function MembersTable({ members, rolesEditable }: { members: TeamMember[]; rolesEditable: boolean }) {
  const { user } = useCurrentSession();
  const editable = rolesEditable && mayChangeRoles(user.role);
  const activeAdmins = members.filter((m) => m.kind === 'user' && can(m, 'admin') && m.status === 'active').length;
  return (
    <>
      <div className="hidden md:block">
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>User</TableHead>
              <TableHead>Role</TableHead>
              <TableHead>Status</TableHead>
              <TableHead>Last Login</TableHead>
              <TableHead className="h-auto py-2 text-right">
                <FigureLabel {...agentFigures.totalSales} />
              </TableHead>
              <TableHead className="h-auto py-2 text-right">
                <FigureLabel {...agentFigures.deals} />
              </TableHead>
              <TableHead>Actions</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {members.map((member) => (
              <TableRow key={`${member.kind}-${member.id}`}>
                <TableCell>
                  <UserCell member={member} />
                </TableCell>
                <TableCell>
                  <RoleCell member={member} editable={editable} />
                </TableCell>
                <TableCell>
                  <MemberStatusBadge status={member.status} />
                </TableCell>
                <TableCell className="text-sm">{lastLogin(member)}</TableCell>
                <TableCell className="text-right tabular-nums">{formatCents(member.total_sales_cents)}</TableCell>
                <TableCell className="text-right tabular-nums">{formatCount(member.deals_count)}</TableCell>
                <TableCell>
                  <Actions member={member} activeAdmins={activeAdmins} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
      <ul className="grid grid-cols-1 gap-3 md:hidden" aria-label="Team members">
        {members.map((member) => (
          <li key={`${member.kind}-${member.id}`} className="grid grid-cols-1 gap-2 rounded-lg border p-3">
            <div className="flex items-start justify-between gap-2">
              <UserCell member={member} />
              <MemberStatusBadge status={member.status} />
            </div>
            <RoleCell member={member} editable={editable} />
            <dl className="grid grid-cols-2 gap-2 text-sm">
              <div>
                <dt className="text-xs">
                  <FigureLabel {...agentFigures.totalSales} />
                </dt>
                <dd className="tabular-nums">{formatCents(member.total_sales_cents)}</dd>
              </div>
              <div>
                <dt className="text-xs">
                  <FigureLabel {...agentFigures.deals} />
                </dt>
                <dd className="tabular-nums">{formatCount(member.deals_count)}</dd>
              </div>
            </dl>
            <div className="text-muted-foreground text-xs">
              {member.kind === 'invitation' ? lastLogin(member) : `Last login: ${lastLogin(member)}`}
            </div>
            <div className="flex justify-end">
              <Actions member={member} activeAdmins={activeAdmins} />
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
