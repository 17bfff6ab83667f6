import { useEffect, useState } from 'react';
import { EmptyState } from '@/components/empty-state';
import { ListPager } from '@/components/list-pager';
import { InlineLoading } from '@/components/loading-screen';
import { notifyError } from '@/lib/toast';
import { useDealList } from './api';
import { DealsTable } from './deals-table';

const PAGE_SIZE = 25;

/** Every deal of the year, any status, newest first, a page at a time. */
export function IndividualDeals({ year }: { year: number }) {
  const [pages, setPages] = useState<string[]>([]);
  useEffect(() => setPages([]), [year]);
  const deals = useDealList({ year, limit: PAGE_SIZE, cursor: pages.at(-1) });

  useEffect(() => {
    if (deals.isError) notifyError('Error', 'Failed to fetch deals');
  }, [deals.isError]);

  if (deals.isPending) return <InlineLoading message="Loading deals..." />;
  const items = deals.data?.items ?? [];
  return (
    <div>
      {items.length === 0 ? (
        <EmptyState message="No deals found." linkTo="/deals/new" linkText="Create your first deal" />
      ) : (
        <div className={deals.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}>
          <DealsTable deals={items} />
        </div>
      )}
      <ListPager
        hasPrevious={pages.length > 0}
        nextCursor={deals.data?.nextCursor}
        onPrevious={() => setPages((p) => p.slice(0, -1))}
        onNext={(cursor) => setPages((p) => [...p, cursor])}
        label={`Page ${pages.length + 1}`}
      />
    </div>
  );
}
