import { defineApi, del, get, post, put } from '../http/contract.js';
import { chooseOfferSchema, dealerOfferInputSchema, dealerOfferUpdateSchema, type DealerOfferList } from './dealer-offers.js';
import { acceptQuoteSchema, sendQuoteSchema, type PublicQuote, type QuoteItem } from './quote.js';
import type { DealWorksheet } from './types.js';
import { worksheetSaveSchema } from './worksheet.js';

/**
 * A deal's desk: its worksheet, the quotes sent from it and the selling dealers' offers. They sit in the deals' area,
 * so whatever refreshes a deal (a change in another tab, a deal saved here) refreshes its desk with it.
 */
export const deskingApi = defineApi('deals', {
  worksheet: get('/api/deals/:id/worksheet').returns<DealWorksheet>(),
  saveWorksheet: put('/api/deals/:id/worksheet', { body: worksheetSaveSchema }).returns<DealWorksheet>(),
  quotes: get('/api/deals/:id/quotes').returns<{ items: QuoteItem[] }>(),
  sendQuote: post('/api/deals/:id/quotes', { body: sendQuoteSchema }).returns<{ id: string }>(),
  /** A download the browser follows, never fetched. */
  quotePdf: get('/api/deals/:id/quotes/:quoteId/quote.pdf').returns<Blob>(),
  dealerOffers: get('/api/deals/:id/dealer-offers').returns<DealerOfferList>(),
  addDealerOffer: post('/api/deals/:id/dealer-offers', { body: dealerOfferInputSchema }).returns<{ id: string }>(),
  updateDealerOffer: put('/api/deals/:id/dealer-offers/:offerId', { body: dealerOfferUpdateSchema }).returns<{ id: string }>(),
  removeDealerOffer: del('/api/deals/:id/dealer-offers/:offerId').returns(),
  chooseDealerOffer: post('/api/deals/:id/dealer-offers/:offerId/choose', { body: chooseOfferSchema }).returns<{ id: string }>(),
});

/** The quote a customer opens from its link, without signing in: the token is the key. */
export const quoteApi = defineApi('quote', {
  quote: get('/api/quotes/:token').returns<PublicQuote>(),
  accept: post('/api/quotes/:token/accept', { body: acceptQuoteSchema }).returns<PublicQuote>(),
  /** Fetched by the browser itself: a download and an image. */
  pdf: get('/api/quotes/:token/quote.pdf').returns<Blob>(),
  photo: get('/api/quotes/:token/photo.jpg').returns<Blob>(),
});
