import { useEffect, useState } from 'react';
import { PagedList } from '@/components/paged-list';
import { useFailureToast } from '@/lib/toast';
import { useDealList } from './api';
import { DealsTable } from './deals-table';

const PAGE_SIZE = 25;

/** Every deal of the year, any status, newest first, a page at a time. */
export function IndividualDeals({ year }: { year: number }) {
  const [pages, setPages] = useState<string[]>([]);
  useEffect(() => setPages([]), [year]);
  const deals = useDealList({ year, limit: PAGE_SIZE, cursor: pages.at(-1) });
  useFailureToast(deals.isError, 'Failed to fetch deals');

  return (
    <div>
      <PagedList
        list={deals}
        loadingMessage="Loading deals..."
        failedMessage="Failed to fetch deals"
        empty={{ message: 'No deals found.', linkTo: '/deals/new', linkText: 'Create your first deal' }}
        paging={{
          hasPrevious: pages.length > 0,
          onPrevious: () => setPages((p) => p.slice(0, -1)),
          onNext: (cursor) => setPages((p) => [...p, cursor]),
          label: `Page ${pages.length + 1}`,
        }}
      >
        <DealsTable deals={deals.data?.items ?? []} />
      </PagedList>
    </div>
  );
}
