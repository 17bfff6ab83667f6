import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { KeyedListingFeed, ListingFeedInput, ListingFeeds } from '@shared/listings/schemas';
import { api } from '@/lib/api-client';
import { keys } from '@/lib/query-keys';

export function useListingFeeds() {
  return useQuery({
    queryKey: keys.listingFeeds,
    queryFn: ({ signal }) => api<ListingFeeds>('/api/settings/listing-feeds', { signal }),
  });
}

export function useCreateListingFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ListingFeedInput) =>
      api<KeyedListingFeed>('/api/settings/listing-feeds', { method: 'POST', body: input }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: keys.listingFeeds }),
  });
}

/** A new key for a feed: the old address stops working at once. */
export function useRekeyListingFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<KeyedListingFeed>(`/api/settings/listing-feeds/${id}/key`, { method: 'POST' }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: keys.listingFeeds }),
  });
}

export function useDeleteListingFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(`/api/settings/listing-feeds/${id}`, { method: 'DELETE' }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: keys.listingFeeds }),
  });
}
