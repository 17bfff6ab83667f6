import type { WebArea } from '@/lib/area';
import { FileSignature } from 'lucide-react';
import { lazyNamed } from '@/lib/area';

const CosignersPage = lazyNamed(() => import('./cosigners-page'), 'CosignersPage');

export const cosignersArea: WebArea = {
  routes: [{ path: 'minor-cosigners', element: <CosignersPage /> }],
  nav: [{ to: '/minor-cosigners', label: 'Minor Co-Signers', icon: FileSignature, position: 40 }],
};
