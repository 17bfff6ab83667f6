import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ConsentChannel } from '@shared/consent/schemas';
import type { Page } from '@shared/http/paging';
import type { CustomOfferInput, InstagramAccountInput, NotifyCustomersInput, OfferRef } from '@shared/offers/schemas';
import type { AudienceCustomer, CustomOffer, InstagramAccount, NotifyResult, OfferImage } from '@shared/offers/types';
import { api, toSearchParams } from '@/lib/api-client';
import { keys } from '@/lib/query-keys';

/** The custom offers the user may see, newest first (the first hundred). */
export function useCustomOffers() {
  return useQuery({
    queryKey: keys.offers.custom,
    queryFn: ({ signal }) => api<Page<CustomOffer>>('/api/offers/custom?limit=100', { signal }).then((page) => page.items),
  });
}

export function useCreateCustomOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CustomOfferInput) => api<CustomOffer>('/api/offers/custom', { method: 'POST', body: input }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: keys.offers.custom }),
  });
}

export function useDeleteCustomOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<void>(`/api/offers/custom/${id}`, { method: 'DELETE' }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: keys.offers.custom }),
  });
}

export const useGenerateImage = () =>
  useMutation({ mutationFn: (ref: OfferRef) => api<OfferImage>('/api/offers/image', { method: 'POST', body: ref }) });

export const usePostToInstagram = () =>
  useMutation({
    mutationFn: (input: { image_id: string; account_id: string }) =>
      api<{ delivery_id: string }>('/api/offers/instagram', { method: 'POST', body: input }),
  });

/** Customers to offer to, searched, with the channel's consent; 20 at a time. */
export function useAudience(q: string, channel: ConsentChannel) {
  return useInfiniteQuery({
    queryKey: keys.offers.audience(`${channel}:${q}`),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      api<Page<AudienceCustomer>>(`/api/offers/audience?${toSearchParams({ q, channel, limit: 20, cursor: pageParam })}`, {
        signal,
      }),
    getNextPageParam: (page) => page.nextCursor,
    placeholderData: keepPreviousData,
  });
}

export function useNotifyCustomers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: NotifyCustomersInput) => api<NotifyResult>('/api/offers/notify', { method: 'POST', body: input }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: keys.offers.all }),
  });
}

export function useInstagramAccounts() {
  return useQuery({
    queryKey: keys.offers.accounts,
    queryFn: ({ signal }) => api<{ items: InstagramAccount[] }>('/api/instagram-accounts', { signal }).then((r) => r.items),
  });
}

function useAccountChange<T, R>(request: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: keys.offers.accounts }),
  });
}

export const useAddInstagramAccount = () =>
  useAccountChange((input: InstagramAccountInput) =>
    api<InstagramAccount>('/api/instagram-accounts', { method: 'POST', body: input }),
  );

export const useUpdateInstagramAccount = () =>
  useAccountChange(({ id, ...input }: { id: string; username?: string; is_connected?: boolean; followers?: number | string }) =>
    api<InstagramAccount>(`/api/instagram-accounts/${id}`, { method: 'PATCH', body: input }),
  );

export const useRemoveInstagramAccount = () =>
  useAccountChange((id: string) => api<void>(`/api/instagram-accounts/${id}`, { method: 'DELETE' }));
