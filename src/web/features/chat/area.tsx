import type { WebArea } from '@/lib/area';
import { MessagesSquare } from 'lucide-react';
import { lazyNamed } from '@/lib/area';

const ChatPage = lazyNamed(() => import('./chat-page'), 'ChatPage');

export const chatArea: WebArea = {
  routes: [{ path: 'chat', element: <ChatPage /> }],
  nav: [{ to: '/chat', label: 'Team Chat', icon: MessagesSquare, position: 120 }],
};
