import { MessageCircle } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { SidebarTrigger } from '@/components/ui/sidebar';
import { useCurrentSession } from '@/features/auth/api';
import { badgeText } from '@/lib/format';
import { useUnreadMessages } from '@/features/chat';
import { ThemeToggle } from './theme-toggle';
import { UserMenu } from './user-menu';

export function AppHeader({ onToggleChat }: { onToggleChat: () => void }) {
  const { user, impersonator } = useCurrentSession();
  const unread = badgeText(useUnreadMessages().data ?? 0, 9);

  return (
    <header className="bg-background/95 supports-[backdrop-filter]:bg-background/80 sticky top-0 z-20 flex h-14 items-center gap-2 border-b px-3 backdrop-blur sm:px-4">
      <SidebarTrigger />
      <div className="flex min-w-0 flex-1 items-center gap-2">
        <p className="truncate text-sm" data-testid="welcome-line">
          <span className="text-muted-foreground hidden sm:inline">Welcome, </span>
          <span className="font-medium">{user.name}</span>
          {impersonator && <span className="text-muted-foreground"> (as {impersonator.name})</span>}
        </p>
        {impersonator && (
          <Badge variant="warning" className="shrink-0">
            Switched
          </Badge>
        )}
      </div>
      <Button
        variant="ghost"
        size="icon"
        className="relative"
        onClick={onToggleChat}
        aria-label={unread ? `Team chat, ${unread} unread` : 'Team chat'}
      >
        <MessageCircle />
        {unread && (
          <span
            className="bg-destructive text-destructive-foreground absolute -top-0.5 -right-0.5 flex h-4 min-w-4 items-center justify-center rounded-full px-1 text-[10px] font-semibold"
            data-testid="chat-badge"
          >
            {unread}
          </span>
        )}
      </Button>
      <ThemeToggle />
      <UserMenu />
    </header>
  );
}
