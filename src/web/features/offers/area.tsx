import type { WebArea } from '@/lib/area';
import { Share2 } from 'lucide-react';
import { lazyNamed } from '@/lib/area';

const SocialMediaPage = lazyNamed(() => import('./social-media-page'), 'SocialMediaPage');

export const offersArea: WebArea = {
  routes: [{ path: 'social-media', element: <SocialMediaPage /> }],
  nav: [{ to: '/social-media', label: 'Social Media', icon: Share2, position: 110 }],
};
