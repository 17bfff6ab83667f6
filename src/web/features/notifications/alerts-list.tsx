import { Link } from 'react-router';
import { Bell, CheckCheck } from 'lucide-react';
import type { Notification } from '@shared/notifications/types';
import { ErrorState } from '@/components/error-state';
import { InlineLoading } from '@/components/loading-screen';
import { Button } from '@/components/ui/button';
import { formatDateTime } from '@/lib/format';
import { cn } from '@/lib/utils';
import { useMarkAllNotificationsRead, useMarkNotificationRead, useNotifications } from './api';

function AlertItem({ notification, onRead }: { notification: Notification; onRead: () => void }) {
  const body = (
    <>
      <span className="block text-sm font-medium">
        {!notification.is_read && <span className="sr-only">Unread: </span>}
        {notification.title}
      </span>
      <span className="text-muted-foreground line-clamp-2 block text-sm break-words">{notification.content}</span>
      <time className="text-muted-foreground text-xs" dateTime={notification.created_at}>
        {formatDateTime(notification.created_at)}
      </time>
    </>
  );
  return (
    <li
      className={cn(
        'flex items-start gap-3 border-l-2 px-3 py-3',
        notification.is_read ? 'border-transparent' : 'border-primary',
      )}
      data-testid="alert"
    >
      <Bell
        className={cn('mt-0.5 size-4 shrink-0', notification.is_read ? 'text-muted-foreground' : 'text-primary')}
        aria-hidden
      />
      <div className="min-w-0 flex-1">
        {notification.link ? (
          <Link to={notification.link} onClick={() => !notification.is_read && onRead()} className="hover:underline">
            {body}
          </Link>
        ) : (
          body
        )}
      </div>
      {!notification.is_read && (
        <Button variant="ghost" size="sm" onClick={onRead} aria-label={`Mark read: ${notification.title}`}>
          Mark read
        </Button>
      )}
    </li>
  );
}

/** The Alerts tab: notifications newest first, unread ones marked; mark one or all read. */
export function AlertsList() {
  const query = useNotifications(false);
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];
  const anyUnread = items.some((item) => !item.is_read);

  if (query.isError && !query.data) {
    return <ErrorState message="Failed to load notifications" error={query.error} onRetry={() => query.refetch()} />;
  }
  if (!query.data) return <InlineLoading message="Loading notifications..." />;
  if (items.length === 0) return <p className="text-muted-foreground py-10 text-center text-sm">No notifications yet.</p>;
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div className="flex justify-end border-b px-3 py-2">
        <Button variant="outline" size="sm" onClick={() => markAll.mutate()} disabled={!anyUnread || markAll.isPending}>
          <CheckCheck /> Mark all read
        </Button>
      </div>
      <ul className="min-h-0 flex-1 divide-y overflow-y-auto" aria-label="Notifications">
        {items.map((notification) => (
          <AlertItem key={notification.id} notification={notification} onRead={() => markRead.mutate(notification.id)} />
        ))}
        {query.hasNextPage && (
          <li className="flex justify-center p-2">
            <Button variant="ghost" size="sm" onClick={() => query.fetchNextPage()} disabled={query.isFetchingNextPage}>
              {query.isFetchingNextPage ? 'Loading...' : 'Show more'}
            </Button>
          </li>
        )}
      </ul>
    </div>
  );
}
