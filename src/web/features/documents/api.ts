import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { DocumentCategory, DocumentRecord } from '@shared/documents/options';
import type { DealDocument } from '@shared/documents/types';
import type { Page } from '@shared/http/paging';
import { api, toSearchParams } from '@/lib/api-client';
import { keys } from '@/lib/query-keys';

/** Every deal document the user may see, newest first. */
export function useDealDocuments() {
  return useInfiniteQuery({
    queryKey: keys.allDealDocuments,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      api<Page<DealDocument>>(`/api/documents?${toSearchParams({ limit: 20, cursor: pageParam })}`, { signal }),
    getNextPageParam: (page) => page.nextCursor,
  });
}

/** Uploads a file to a deal with what it is; the deal's own panel and every list refresh. */
export function useUploadDealDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ dealId, category, file }: { dealId: string; category: DocumentCategory; file: File }) => {
      const body = new FormData();
      // Before the file: the server reads the fields that come ahead of it.
      body.append('category', category);
      body.append('file', file);
      return api<DocumentRecord>(`/api/deals/${dealId}/documents`, { method: 'POST', body });
    },
    onSettled: (_data, _error, { dealId }) => {
      void queryClient.invalidateQueries({ queryKey: keys.allDealDocuments });
      void queryClient.invalidateQueries({ queryKey: keys.documents('deal', dealId) });
      void queryClient.invalidateQueries({ queryKey: keys.deals.timeline(dealId) });
    },
  });
}

export const documentLink = (document: DealDocument) =>
  api<{ url: string }>(`/api/deals/${document.deal_id}/documents/${document.id}/link`);
