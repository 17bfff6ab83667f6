import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DealerOffer, DealerOfferInput } from '@shared/desking/dealer-offers';
import type { SendQuoteInput } from '@shared/desking/quote';
import type { WorksheetSave } from '@shared/desking/worksheet';
import { deskingApi, quoteApi } from '@shared/desking/api';
import { dealsApi } from '@shared/deals/api';
import { call, keyOf, queryOf } from '@/lib/contract';

export function useWorksheet(dealId: string) {
  return useQuery({ ...queryOf(deskingApi.worksheet, { params: { id: dealId } }), retry: false });
}

export function useSaveWorksheet(dealId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: WorksheetSave) => call(deskingApi.saveWorksheet, { params: { id: dealId }, body }),
    onSuccess: async (saved) => {
      queryClient.setQueryData(keyOf(deskingApi.worksheet, { params: { id: dealId } }), saved);
      await queryClient.invalidateQueries({ queryKey: keyOf(dealsApi.timeline, { params: { id: dealId } }) });
    },
  });
}

export function useQuotes(dealId: string) {
  return useQuery(queryOf(deskingApi.quotes, { params: { id: dealId } }));
}

export function useSendQuote(dealId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SendQuoteInput) => call(deskingApi.sendQuote, { params: { id: dealId }, body }),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: keyOf(deskingApi.quotes, { params: { id: dealId } }) }),
        queryClient.invalidateQueries({ queryKey: keyOf(dealsApi.timeline, { params: { id: dealId } }) }),
      ]);
    },
  });
}

/** The customer's quote, by its link's token; no sign-in. */
export function usePublicQuote(token: string) {
  return useQuery({ ...queryOf(quoteApi.quote, { params: { token } }), retry: false });
}

export function useAcceptQuote(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (option: number) => call(quoteApi.accept, { params: { token }, body: { option } }),
    onSuccess: (quote) => queryClient.setQueryData(keyOf(quoteApi.quote, { params: { token } }), quote),
  });
}

export function useDealerOffers(dealId: string) {
  return useQuery(queryOf(deskingApi.dealerOffers, { params: { id: dealId } }));
}

/** Every change to a deal's offers reads the offers, the deal and its timeline again. */
function useOfferChange<Input>(dealId: string, request: (input: Input) => Promise<unknown>) {
  const queryClient = useQueryClient();
  const params = { id: dealId };
  return useMutation({
    mutationFn: request,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: keyOf(deskingApi.dealerOffers, { params }) }),
        queryClient.invalidateQueries({ queryKey: keyOf(dealsApi.detail, { params }) }),
        queryClient.invalidateQueries({ queryKey: keyOf(deskingApi.worksheet, { params }) }),
        queryClient.invalidateQueries({ queryKey: keyOf(dealsApi.timeline, { params }) }),
      ]);
    },
  });
}

/** Records an offer, or changes the one being edited on the version read. */
export function useSaveDealerOffer(dealId: string) {
  return useOfferChange(
    dealId,
    ({ offer, editing }: { offer: DealerOfferInput; editing: Pick<DealerOffer, 'id' | 'updated_at'> | null }) =>
      editing
        ? call(deskingApi.updateDealerOffer, {
            params: { id: dealId, offerId: editing.id },
            body: { ...offer, updated_at: editing.updated_at },
          })
        : call(deskingApi.addDealerOffer, { params: { id: dealId }, body: offer }),
  );
}

export function useRemoveDealerOffer(dealId: string) {
  return useOfferChange(dealId, (id: string) => call(deskingApi.removeDealerOffer, { params: { id: dealId, offerId: id } }));
}

export function useChooseDealerOffer(dealId: string) {
  return useOfferChange(dealId, ({ id, decline_reason }: { id: string; decline_reason: string }) =>
    call(deskingApi.chooseDealerOffer, { params: { id: dealId, offerId: id }, body: { decline_reason } }),
  );
}
