import type { WebArea } from '@/lib/area';
import { lazyNamed } from '@/lib/area';

const FullExportCard = lazyNamed(() => import('./full-export-card'), 'FullExportCard');

/** No screen of its own: the full export is a card in Settings, for everyone (it says who may download). */
export const exportArea: WebArea = {
  settingsCards: [{ position: 210, element: <FullExportCard /> }],
};
