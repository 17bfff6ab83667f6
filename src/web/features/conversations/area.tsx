import type { WebArea } from '@/lib/area';
import { conversationsApi } from '@shared/conversations/api';
import { areaKey } from '@/lib/contract';
import { lazyNamed } from '@/lib/area';

const ReplyTemplatesCard = lazyNamed(() => import('./templates-card'), 'ReplyTemplatesCard');
const ConversationCard = lazyNamed(() => import('./conversation-card'), 'ConversationCard');

/** No screen of its own: the thread is a card on the customer's page. */
export const conversationsArea: WebArea = {
  // Mail received or sent changes a thread as much as a text does.
  refreshOn: { conversations: [areaKey(conversationsApi)], emails: [areaKey(conversationsApi)] },
  settingsCards: [{ position: 120, element: <ReplyTemplatesCard />, shownTo: 'seeAllRecords' }],
  customerCards: [{ position: 10, wide: true, render: (c) => <ConversationCard customerId={c.id} name={c.name} /> }],
};
