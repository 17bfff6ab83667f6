import { Link } from 'react-router';
import { Maximize2, MessagesSquare, Minus, X } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { badgeText } from '@/lib/format';
import { useUnreadMessages } from './badges';

export type ChatPanelState = 'open' | 'minimised' | 'closed';

/** The floating team-chat panel at the bottom right: open, minimised to a bar, or closed. */
export function ChatPanel({ state, onChange }: { state: ChatPanelState; onChange: (state: ChatPanelState) => void }) {
  const unreadCount = useUnreadMessages().data ?? 0;
  const unread = badgeText(unreadCount, 99);
  if (state === 'closed') return null;

  const header = (
    <div className="flex items-center gap-2 border-b px-3 py-2">
      <MessagesSquare className="text-primary size-4" aria-hidden />
      <h2 className="flex-1 text-sm font-semibold">Team Chat</h2>
      {unread && (
        <span className="bg-destructive text-destructive-foreground rounded-full px-1.5 text-xs font-semibold">{unread}</span>
      )}
      {state === 'open' ? (
        <Button variant="ghost" size="icon-sm" onClick={() => onChange('minimised')} aria-label="Minimise chat">
          <Minus />
        </Button>
      ) : (
        <Button variant="ghost" size="icon-sm" onClick={() => onChange('open')} aria-label="Open chat">
          <Maximize2 />
        </Button>
      )}
      <Button variant="ghost" size="icon-sm" onClick={() => onChange('closed')} aria-label="Close chat">
        <X />
      </Button>
    </div>
  );

  return (
    <section
      aria-label="Team chat"
      className="bg-card fixed right-4 bottom-4 z-30 flex w-[calc(100vw-2rem)] max-w-[384px] flex-col overflow-hidden rounded-xl border shadow-2xl"
      style={state === 'open' ? { height: 'min(500px, calc(100svh - 6rem))' } : undefined}
    >
      {header}
      {state === 'open' && (
        <div className="flex flex-1 flex-col items-center justify-center gap-3 p-6 text-center">
          <MessagesSquare className="text-muted-foreground size-10" aria-hidden />
          <p className="text-sm">
            {unreadCount === 0 ? 'You are all caught up.' : `${unreadCount} unread message${unreadCount === 1 ? '' : 's'}`}
          </p>
          <Button asChild size="sm">
            <Link to="/chat" onClick={() => onChange('minimised')}>
              Open Team Chat
            </Link>
          </Button>
        </div>
      )}
    </section>
  );
}
