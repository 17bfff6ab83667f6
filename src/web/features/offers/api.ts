import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ConsentChannel } from '@shared/consent/schemas';
import type { CustomOfferInput, InstagramAccountInput, NotifyCustomersInput, OfferRef } from '@shared/offers/schemas';
import { offersApi } from '@shared/offers/api';
import { areaKey, call, callWith, keyOf, pagesOf } from '@/lib/contract';

/** The first hundred: as many as the page lists. */
const customOffersQuery = { limit: 100 };

/** The custom offers the user may see, newest first (the first hundred). */
export function useCustomOffers() {
  return useQuery({
    queryKey: keyOf(offersApi.customOffers, { query: customOffersQuery }),
    queryFn: ({ signal }) => callWith(offersApi.customOffers, { query: customOffersQuery }, signal).then((page) => page.items),
  });
}

export function useCreateCustomOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CustomOfferInput) => call(offersApi.addCustomOffer, { body }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: keyOf(offersApi.customOffers) }),
  });
}

export function useDeleteCustomOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(offersApi.removeCustomOffer, { params: { id } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: keyOf(offersApi.customOffers) }),
  });
}

export const useGenerateImage = () => useMutation({ mutationFn: (body: OfferRef) => call(offersApi.image, { body }) });

export const usePostToInstagram = () =>
  useMutation({
    mutationFn: (body: { image_id: string; account_id: string }) => call(offersApi.postToInstagram, { body }),
  });

/** Customers to offer to, searched, with the channel's consent; 20 at a time. */
export function useAudience(q: string, channel: ConsentChannel) {
  return useInfiniteQuery({
    ...pagesOf(offersApi.audience, { query: { q, channel, limit: 20 } }),
    placeholderData: keepPreviousData,
  });
}

export function useNotifyCustomers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NotifyCustomersInput) => call(offersApi.notify, { body }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: areaKey(offersApi) }),
  });
}

export function useInstagramAccounts() {
  return useQuery({
    queryKey: keyOf(offersApi.instagramAccounts),
    queryFn: ({ signal }) => callWith(offersApi.instagramAccounts, {}, signal).then((r) => r.items),
  });
}

function useAccountChange<T, R>(request: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: keyOf(offersApi.instagramAccounts) }),
  });
}

export const useAddInstagramAccount = () =>
  useAccountChange((body: InstagramAccountInput) => call(offersApi.addInstagramAccount, { body }));

export const useUpdateInstagramAccount = () =>
  useAccountChange(({ id, ...body }: { id: string; username?: string; is_connected?: boolean; followers?: number | string }) =>
    call(offersApi.updateInstagramAccount, { params: { id }, body }),
  );

export const useRemoveInstagramAccount = () =>
  useAccountChange((id: string) => call(offersApi.removeInstagramAccount, { params: { id } }));
