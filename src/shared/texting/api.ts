import { defineApi, del, get, put } from '../http/contract.js';
import { twilioInputSchema, type TextingProvider } from './types.js';

/** The texting provider's routes the web calls (admins). */
export const textingApi = defineApi('texting', {
  provider: get('/api/texting/provider').returns<TextingProvider>(),
  saveTwilio: put('/api/texting/provider', { body: twilioInputSchema }).returns<TextingProvider>(),
  removeProvider: del('/api/texting/provider').returns(),
});
