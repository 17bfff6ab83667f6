import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { cosignersApi } from '@shared/cosigners/api';
import { customersApi } from '@shared/customers/api';
import { areaKey, call, pagesOf, urlOf } from '@/lib/contract';

/** The sealed agreements the user may see, newest first, ten at a time. */
export function useAgreements() {
  return useInfiniteQuery(pagesOf(cosignersApi.list, { query: { limit: 10 } }));
}

/** Seals an agreement: the form and both signatures as JSON in `data`, then the PDF. */
export function useSubmitAgreement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ data, file }: { data: object; file: File }) => {
      const body = new FormData();
      body.append('data', JSON.stringify(data));
      body.append('file', file);
      return call(cosignersApi.submit, { body });
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: areaKey(cosignersApi) });
      void queryClient.invalidateQueries({ queryKey: areaKey(customersApi) });
    },
  });
}

export const agreementPdfPath = (id: string) => urlOf(cosignersApi.pdf, { params: { id } });
