import { defineSharedArea } from '../area.js';

export const documentsArea = defineSharedArea({
  notifications: { document_uploaded: { label: 'Document added to a customer', audiences: ['owner'] } },
});
