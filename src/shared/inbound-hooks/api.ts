import { defineApi, get, post } from '../http/contract.js';
import type { HookSecret } from './types.js';

/** The incoming hooks' secrets, cached with the settings (their area) as they are shown there. */
export const hooksApi = defineApi('settings', {
  hooks: get('/api/settings/hooks').returns<{ items: HookSecret[] }>(),
  rotateHook: post('/api/settings/hooks/:name/rotate').returns<HookSecret>(),
});
