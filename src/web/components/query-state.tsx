import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { ErrorState } from '@/components/error-state';
import { InlineLoading } from '@/components/loading-screen';
import { ApiError } from '@/lib/api-client';

type StateMessages = {
  loadingMessage: string;
  failedMessage: string;
  /** Shown when the server says there is no such record (404); other failures show the error with Retry. */
  notFound?: ReactNode;
};

/**
 * What a screen shows instead of its data while it has none to show: loading words, the screen's "not found", or the
 * failure with Retry — three different things. Null once the data is there.
 */
export function queryFallback(
  query: UseQueryResult<unknown>,
  { loadingMessage, failedMessage, notFound }: StateMessages,
): ReactNode {
  if (query.isError) {
    if (notFound && query.error instanceof ApiError && query.error.status === 404) return notFound;
    return <ErrorState message={failedMessage} error={query.error} onRetry={() => query.refetch()} />;
  }
  if (query.data === undefined) return <InlineLoading message={loadingMessage} />;
  return null;
}

/** A block that shows its query's data through `children`, or what `queryFallback` shows meanwhile. */
export function QueryState<T>({
  query,
  children,
  ...messages
}: StateMessages & { query: UseQueryResult<T>; children: (data: T) => ReactNode }) {
  const fallback = queryFallback(query, messages);
  return fallback ?? children(query.data as T);
}
