import { invitableRoles } from '@shared/team/rules';
import { PageHeader } from '@/components/page-header';
import { QueryState } from '@/components/query-state';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useCurrentSession } from '@/features/auth/api';
import { useTeam } from './api';
import { InviteForm } from './invite-form';
import { MembersTable } from './members-table';
import { can } from '@shared/users/permissions';

function TeamPage({ title, description, rolesEditable }: { title: string; description: string; rolesEditable: boolean }) {
  const { user } = useCurrentSession();
  const team = useTeam();
  const mayInvite = invitableRoles(user.role).length > 0;
  return (
    <div className="grid gap-6">
      <PageHeader title={title} description={description} />
      {mayInvite && (
        <Card>
          <CardHeader>
            <CardTitle>Invite {can(user, 'manageTeam') ? 'a User' : 'an Agent'}</CardTitle>
            <CardDescription>They receive a link to choose their name and password. It works once, for 7 days.</CardDescription>
          </CardHeader>
          <CardContent>
            <InviteForm />
          </CardContent>
        </Card>
      )}
      <Card>
        <CardHeader>
          <CardTitle>Team</CardTitle>
          <CardDescription>Everyone who can sign in, and the invitations still open</CardDescription>
        </CardHeader>
        <CardContent>
          <QueryState query={team} loadingMessage="Loading team..." failedMessage="The team could not be loaded.">
            {(members) =>
              members.length === 0 ? (
                <p className="text-muted-foreground py-8 text-center">No users yet.</p>
              ) : (
                <MembersTable members={members} rolesEditable={rolesEditable} />
              )
            }
          </QueryState>
        </CardContent>
      </Card>
    </div>
  );
}

/** /agents: everyone sees the team; editors invite and (de)activate agents, admins anyone. */
export function AgentsPage() {
  return <TeamPage title="Agents" description="Your sales team" rolesEditable={false} />;
}

/** /users (admins): the same team with roles to change. */
export function UsersPage() {
  return <TeamPage title="User Management" description="Invite users, set roles and deactivate accounts" rolesEditable />;
}
