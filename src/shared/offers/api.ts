import { defineApi, del, get, patch, post } from '../http/contract.js';
import { pageQuerySchema, type Page } from '../http/paging.js';
import {
  audienceQuerySchema,
  customOfferInputSchema,
  instagramAccountInputSchema,
  instagramAccountUpdateSchema,
  instagramPostSchema,
  notifyCustomersSchema,
  offerRefSchema,
} from './schemas.js';
import type { AudienceCustomer, CustomOffer, InstagramAccount, NotifyResult, OfferImage } from './types.js';

/** The offers' routes the web calls: custom offers, their images and posts, the customers told, the Instagram accounts. */
export const offersApi = defineApi('offers', {
  customOffers: get('/api/offers/custom', { query: pageQuerySchema }).returns<Page<CustomOffer>>(),
  addCustomOffer: post('/api/offers/custom', { body: customOfferInputSchema }).returns<CustomOffer>(),
  removeCustomOffer: del('/api/offers/custom/:id').returns(),
  image: post('/api/offers/image', { body: offerRefSchema }).returns<OfferImage>(),
  postToInstagram: post('/api/offers/instagram', { body: instagramPostSchema }).returns<{ delivery_id: string }>(),
  audience: get('/api/offers/audience', { query: audienceQuerySchema }).returns<Page<AudienceCustomer>>(),
  notify: post('/api/offers/notify', { body: notifyCustomersSchema }).returns<NotifyResult>(),
  instagramAccounts: get('/api/instagram-accounts').returns<{ items: InstagramAccount[] }>(),
  addInstagramAccount: post('/api/instagram-accounts', { body: instagramAccountInputSchema }).returns<InstagramAccount>(),
  updateInstagramAccount: patch('/api/instagram-accounts/:id', {
    body: instagramAccountUpdateSchema,
  }).returns<InstagramAccount>(),
  removeInstagramAccount: del('/api/instagram-accounts/:id').returns(),
});
