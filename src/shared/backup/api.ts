import { defineApi, get } from '../http/contract.js';

/** The backup of the whole database and its documents (admins). */
export const backupApi = defineApi('backup', {
  /** A download the browser follows, never fetched. */
  download: get('/api/backup').returns<Blob>(),
});
