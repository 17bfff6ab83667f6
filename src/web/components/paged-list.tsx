import type { ReactNode } from 'react';
import type { Page } from '@shared/http/paging';
import { EmptyState } from '@/components/empty-state';
import { ErrorState } from '@/components/error-state';
import { ListPager } from '@/components/list-pager';
import { InlineLoading } from '@/components/loading-screen';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import type { ListPaging } from '@/lib/use-list-params';

type PagedListProps = {
  list: {
    isPending: boolean;
    isPlaceholderData: boolean;
    isError: boolean;
    error: unknown;
    data?: Page<unknown>;
    refetch: () => unknown;
  };
  loadingMessage: string;
  /** What failed, as the spec's toast says it ('Failed to fetch customers'). */
  failedMessage: string;
  empty: { message: string; linkTo: string; linkText: string };
  paging: ListPaging;
  /** The table of the page's items. */
  children: ReactNode;
};

/**
 * A page of a keyset-paged list: loading words, an error with Retry, the empty state with its link, the table
 * (dimmed while the next page loads), and the pager.
 */
export function PagedList({ list, loadingMessage, failedMessage, empty, paging, children }: PagedListProps) {
  if (list.isError) return <ErrorState message={failedMessage} error={list.error} onRetry={() => list.refetch()} />;
  return (
    <>
      {list.isPending ? (
        <InlineLoading message={loadingMessage} />
      ) : !list.data?.items.length ? (
        <EmptyState message={empty.message} linkTo={empty.linkTo} linkText={empty.linkText} />
      ) : (
        <div className={list.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}>{children}</div>
      )}
      <ListPager
        hasPrevious={paging.hasPrevious}
        nextCursor={list.data?.nextCursor}
        onPrevious={paging.onPrevious}
        onNext={paging.onNext}
        label={paging.label}
      />
    </>
  );
}

/** A screen's main list in its card ('Customer Database'). */
export function PagedListCard({
  title,
  description,
  list,
  loadingMessage,
  failedMessage,
  empty,
  paging,
  children,
}: PagedListProps & { title: string; description: string }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>
        <PagedList list={list} loadingMessage={loadingMessage} failedMessage={failedMessage} empty={empty} paging={paging}>
          {children}
        </PagedList>
      </CardContent>
    </Card>
  );
}
