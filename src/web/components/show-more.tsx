import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';

type InfiniteList = { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown };

/**
 * The button under a list read a page at a time (TanStack Query's infinite queries): 'Show more' (or the list's own
 * words) while there is a next page, 'Loading...' while it loads, nothing after the last.
 */
export function ShowMore({ list, label = 'Show more', className }: { list: InfiniteList; label?: string; className?: string }) {
  if (!list.hasNextPage) return null;
  return (
    <div className={cn('flex justify-center py-3', className)}>
      <Button variant="ghost" size="sm" onClick={() => void list.fetchNextPage()} disabled={list.isFetchingNextPage}>
        {list.isFetchingNextPage ? 'Loading...' : label}
      </Button>
    </div>
  );
}
