import type { WebArea } from '@/lib/area';
import { ShieldCheck, UserRound } from 'lucide-react';
import { lazyNamed } from '@/lib/area';
import { teamApi } from '@shared/team/api';
import { areaKey } from '@/lib/contract';

const AgentsPage = lazyNamed(() => import('./team-page'), 'AgentsPage');
const UsersPage = lazyNamed(() => import('./team-page'), 'UsersPage');
const InviteCard = lazyNamed(() => import('./invite-card'), 'InviteCard');

export const teamArea: WebArea = {
  routes: [
    { path: 'agents', element: <AgentsPage /> },
    { path: 'users', element: <UsersPage />, shownTo: 'manageTeam' },
  ],
  nav: [
    { to: '/agents', label: 'Agents', icon: UserRound, position: 70 },
    { to: '/users', label: 'User Management', icon: ShieldCheck, position: 130, shownTo: 'manageTeam' },
  ],
  // A completed sale counts in the agents' figures.
  refreshOn: { team: [areaKey(teamApi)], deals: [areaKey(teamApi)] },
  settingsCards: [{ position: 20, element: <InviteCard />, shownTo: 'manageTeam' }],
};
