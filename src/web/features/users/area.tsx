import type { WebArea } from '@/lib/area';
import { lazyNamed } from '@/lib/area';

const ProfilePage = lazyNamed(() => import('./profile-page'), 'ProfilePage');

export const usersArea: WebArea = {
  routes: [{ path: 'profile', element: <ProfilePage /> }],
};
