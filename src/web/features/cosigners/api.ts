import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { MinorAgreement } from '@shared/cosigners/types';
import type { Page } from '@shared/http/paging';
import { api, toSearchParams } from '@/lib/api-client';
import { keys } from '@/lib/query-keys';
import { customersApi } from '@shared/customers/api';
import { areaKey } from '@/lib/contract';

/** The sealed agreements the user may see, newest first, ten at a time. */
export function useAgreements() {
  return useInfiniteQuery({
    queryKey: keys.agreements,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      api<Page<MinorAgreement>>(`/api/minor-agreements?${toSearchParams({ limit: 10, cursor: pageParam })}`, { signal }),
    getNextPageParam: (page) => page.nextCursor,
  });
}

/** Seals an agreement: the form and both signatures as JSON in `data`, then the PDF. */
export function useSubmitAgreement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ data, file }: { data: object; file: File }) => {
      const body = new FormData();
      body.append('data', JSON.stringify(data));
      body.append('file', file);
      return api<MinorAgreement>('/api/minor-agreements', { method: 'POST', body });
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: keys.agreements });
      void queryClient.invalidateQueries({ queryKey: areaKey(customersApi) });
    },
  });
}

export const agreementPdfPath = (id: string) => `/api/minor-agreements/${id}/pdf`;
