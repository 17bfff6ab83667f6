import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DealerOfferInput, DealerOfferList } from '@shared/desking/dealer-offers';
import type { PublicQuote, QuoteItem, SendQuoteInput } from '@shared/desking/quote';
import type { DealWorksheet } from '@shared/desking/types';
import type { WorksheetSave } from '@shared/desking/worksheet';
import { api } from '@/lib/api-client';
import { keys } from '@/lib/query-keys';

export function useWorksheet(dealId: string) {
  return useQuery({
    queryKey: keys.deals.worksheet(dealId),
    queryFn: ({ signal }) => api<DealWorksheet>(`/api/deals/${dealId}/worksheet`, { signal }),
    retry: false,
  });
}

export function useSaveWorksheet(dealId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (save: WorksheetSave) => api<DealWorksheet>(`/api/deals/${dealId}/worksheet`, { method: 'PUT', body: save }),
    onSuccess: async (saved) => {
      queryClient.setQueryData(keys.deals.worksheet(dealId), saved);
      await queryClient.invalidateQueries({ queryKey: keys.deals.timeline(dealId) });
    },
  });
}

export function useQuotes(dealId: string) {
  return useQuery({
    queryKey: keys.deals.quotes(dealId),
    queryFn: ({ signal }) => api<{ items: QuoteItem[] }>(`/api/deals/${dealId}/quotes`, { signal }),
  });
}

export function useSendQuote(dealId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SendQuoteInput) => api<{ id: string }>(`/api/deals/${dealId}/quotes`, { method: 'POST', body: input }),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: keys.deals.quotes(dealId) }),
        queryClient.invalidateQueries({ queryKey: keys.deals.timeline(dealId) }),
      ]);
    },
  });
}

/** The customer's quote, by its link's token; no sign-in. */
export function usePublicQuote(token: string) {
  return useQuery({
    queryKey: keys.quote(token),
    queryFn: ({ signal }) => api<PublicQuote>(`/api/quotes/${encodeURIComponent(token)}`, { signal }),
    retry: false,
  });
}

export function useAcceptQuote(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (option: number) =>
      api<PublicQuote>(`/api/quotes/${encodeURIComponent(token)}/accept`, { method: 'POST', body: { option } }),
    onSuccess: (quote) => queryClient.setQueryData(keys.quote(token), quote),
  });
}

export function useDealerOffers(dealId: string) {
  return useQuery({
    queryKey: keys.deals.dealerOffers(dealId),
    queryFn: ({ signal }) => api<DealerOfferList>(`/api/deals/${dealId}/dealer-offers`, { signal }),
  });
}

/** Every change to a deal's offers reads the offers, the deal and its timeline again. */
function useOfferChange<Input>(dealId: string, request: (input: Input) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: keys.deals.dealerOffers(dealId) }),
        queryClient.invalidateQueries({ queryKey: keys.deals.detail(dealId) }),
        queryClient.invalidateQueries({ queryKey: keys.deals.worksheet(dealId) }),
        queryClient.invalidateQueries({ queryKey: keys.deals.timeline(dealId) }),
      ]);
    },
  });
}

export function useSaveDealerOffer(dealId: string) {
  const base = `/api/deals/${dealId}/dealer-offers`;
  return useOfferChange(dealId, ({ id, offer, updated_at }: { id?: string; offer: DealerOfferInput; updated_at?: string }) =>
    id ? api(`${base}/${id}`, { method: 'PUT', body: { ...offer, updated_at } }) : api(base, { method: 'POST', body: offer }),
  );
}

export function useRemoveDealerOffer(dealId: string) {
  return useOfferChange(dealId, (id: string) => api(`/api/deals/${dealId}/dealer-offers/${id}`, { method: 'DELETE' }));
}

export function useChooseDealerOffer(dealId: string) {
  return useOfferChange(dealId, ({ id, decline_reason }: { id: string; decline_reason: string }) =>
    api(`/api/deals/${dealId}/dealer-offers/${id}/choose`, { method: 'POST', body: { decline_reason } }),
  );
}
