import type { WebArea } from '@/lib/area';
import { Settings } from 'lucide-react';

/** Its page is composed in the router, with the cards every area declares (`settingsCards`). */
export const settingsArea: WebArea = {
  nav: [{ to: '/settings', label: 'Settings', icon: Settings, position: 140 }],
};
