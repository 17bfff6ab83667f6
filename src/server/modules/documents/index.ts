import { defineArea } from '../../platform/area.js';
import { ofRecord } from '../../platform/export-rules.js';
import { documentsRoutes } from './routes.js';
import { referencedDocumentKeys } from './service.js';

/** What other areas use of documents: its front door. */
export {
  attachmentHeader,
  brokenUpload,
  detectDocumentType,
  displayName,
  isClientStreamError,
  nameForType,
  spoolUpload,
  storageKey,
  tooLarge,
} from './files.js';
export { documentKeysOf, removeDocumentFiles, type ErrorLog } from './service.js';

export const documentsArea = defineArea({
  name: 'documents',
  routes: documentsRoutes,
  storedKeys: referencedDocumentKeys,
  exportTables: {
    customer_documents: { scope: ofRecord('customers', 'customer_id') },
    deal_documents: { scope: ofRecord('deals', 'deal_id') },
  },
});
