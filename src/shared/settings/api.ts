import { defineApi, get, put } from '../http/contract.js';
import { settingsSchema, type Settings } from './schemas.js';

/** The company's settings, as the web reads and saves them. */
export const settingsApi = defineApi('settings', {
  current: get('/api/settings').returns<Settings>(),
  save: put('/api/settings', { body: settingsSchema }).returns<Settings>(),
});
