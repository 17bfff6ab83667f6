/** Whose documents: a customer's or a deal's. The same panel, routes and rules serve both. */
export const documentKinds = ['customer', 'deal'] as const;
export type DocumentKind = (typeof documentKinds)[number];

/** The upload types the spec allows, as detected from the file's content. */
export const documentTypes = [
  { ext: 'pdf', mime: 'application/pdf' },
  { ext: 'doc', mime: 'application/msword' },
  { ext: 'docx', mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' },
  { ext: 'jpg', mime: 'image/jpeg' },
  { ext: 'jpeg', mime: 'image/jpeg' },
  { ext: 'png', mime: 'image/png' },
] as const;

/** The file picker's filter; the server decides by content regardless. */
export const documentAccept = documentTypes.map((t) => `.${t.ext}`).join(',');

/** What a document is, chosen when it is uploaded from Communications. */
export const documentCategories = ['contract', 'invoice', 'identity', 'insurance', 'title', 'other'] as const;
export type DocumentCategory = (typeof documentCategories)[number];
export const documentCategoryLabels: Record<DocumentCategory, string> = {
  contract: 'Contract',
  invoice: 'Invoice',
  identity: 'ID / licence',
  insurance: 'Insurance',
  title: 'Title',
  other: 'Other',
};
export const DOCUMENT_UPLOAD_FIELDS = 'Please fill in all fields and select a file';

export const SIGNED_LINK_SECONDS = 60;

export type DocumentRecord = {
  id: string;
  file_name: string;
  file_size: number;
  content_type: string;
  category: DocumentCategory | null;
  uploaded_by: string;
  uploaded_by_name: string;
  created_at: string;
};
