import type { WebArea } from '@/lib/area';
import { Settings } from 'lucide-react';
import { lazyNamed } from '@/lib/area';

const SettingsPage = lazyNamed(() => import('./settings-page'), 'SettingsPage');

export const settingsArea: WebArea = {
  routes: [{ path: 'settings', element: <SettingsPage /> }],
  nav: [{ to: '/settings', label: 'Settings', icon: Settings, position: 140 }],
};
