import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListingFeedInput } from '@shared/listings/schemas';
import { listingsApi } from '@shared/listings/api';
import { call, keyOf, queryOf } from '@/lib/contract';

export function useListingFeeds() {
  return useQuery(queryOf(listingsApi.listingFeeds));
}

export function useCreateListingFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ListingFeedInput) => call(listingsApi.addListingFeed, { body }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: keyOf(listingsApi.listingFeeds) }),
  });
}

/** A new key for a feed: the old address stops working at once. */
export function useRekeyListingFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(listingsApi.rekeyListingFeed, { params: { id } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: keyOf(listingsApi.listingFeeds) }),
  });
}

export function useDeleteListingFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(listingsApi.removeListingFeed, { params: { id } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: keyOf(listingsApi.listingFeeds) }),
  });
}
