import { Link } from 'react-router';
import { TOO_MANY_SOCKETS_HINT, TOO_MANY_SOCKETS_MESSAGE } from '@shared/realtime/events';
import { Maximize2, MessagesSquare, Minus, WifiOff, X } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { ChannelPanel, useUnreadMessages } from '@/features/chat';
import { badgeText } from '@/lib/format';
import type { RealtimeStatus } from '@/lib/realtime';

export type ChatPanelState = 'open' | 'minimised' | 'closed';

/**
 * The floating team-chat panel at the bottom right (384 × 500): open with the channels, minimised to its bar, or
 * closed. Its badge counts unread messages in every chat ('99+' above 99).
 */
export function ChatPanel({
  state,
  onChange,
  realtime,
}: {
  state: ChatPanelState;
  onChange: (state: ChatPanelState) => void;
  realtime: RealtimeStatus;
}) {
  const unread = badgeText(useUnreadMessages().data ?? 0, 99);
  if (state === 'closed') return null;

  return (
    <section
      aria-label="Team chat"
      className="bg-card fixed right-4 bottom-4 z-30 flex w-[calc(100vw-2rem)] max-w-[384px] flex-col overflow-hidden rounded-xl border shadow-2xl"
      style={state === 'open' ? { height: 'min(500px, calc(100svh - 6rem))' } : undefined}
    >
      <div className="flex items-center gap-2 border-b px-3 py-2">
        <MessagesSquare className="text-primary size-4" aria-hidden />
        <h2 className="flex-1 text-sm font-semibold">
          <Link to="/chat" className="hover:underline" onClick={() => onChange('minimised')}>
            Team Chat
          </Link>
        </h2>
        {realtime !== 'connected' && (
          <span
            className="text-muted-foreground flex items-center gap-1 text-xs"
            role="status"
            title={realtime === 'refused' ? TOO_MANY_SOCKETS_HINT : undefined}
          >
            <WifiOff className="size-3.5" aria-hidden /> {realtime === 'refused' ? TOO_MANY_SOCKETS_MESSAGE : 'Reconnecting...'}
          </span>
        )}
        {unread && (
          <span
            className="bg-destructive text-destructive-foreground rounded-full px-1.5 text-xs font-semibold"
            data-testid="panel-badge"
          >
            <span className="sr-only">Unread: </span>
            {unread}
          </span>
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
      {state === 'open' && <ChannelPanel />}
    </section>
  );
}
