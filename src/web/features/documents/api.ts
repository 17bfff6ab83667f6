import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { DocumentCategory } from '@shared/documents/options';
import type { DealDocument } from '@shared/documents/types';
import { documentsApi } from '@shared/documents/api';
import { dealsApi } from '@shared/deals/api';
import { call, keyOf, pagesOf } from '@/lib/contract';

/** Every deal document the user may see, newest first. */
export function useDealDocuments() {
  return useInfiniteQuery(pagesOf(documentsApi.list, { query: { limit: 20 } }));
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
      return call(documentsApi.addDealDocument, { params: { id: dealId }, body });
    },
    onSettled: (_data, _error, { dealId }) => {
      void queryClient.invalidateQueries({ queryKey: keyOf(documentsApi.list) });
      void queryClient.invalidateQueries({ queryKey: keyOf(documentsApi.dealDocuments, { params: { id: dealId } }) });
      void queryClient.invalidateQueries({ queryKey: keyOf(dealsApi.timeline, { params: { id: dealId } }) });
    },
  });
}

export const documentLink = (document: DealDocument) =>
  call(documentsApi.dealDocumentLink, { params: { id: document.deal_id, docId: document.id } });
