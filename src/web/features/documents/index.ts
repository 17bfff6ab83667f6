export { DealDocumentsTab } from './deal-documents-tab';
