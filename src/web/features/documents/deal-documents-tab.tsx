import { useRef, useState, type FormEvent } from 'react';
import { Download, Upload } from 'lucide-react';
import {
  DOCUMENT_UPLOAD_FIELDS,
  documentAccept,
  documentCategories,
  documentCategoryLabels,
  type DocumentCategory,
} from '@shared/documents/options';
import type { DealDocument } from '@shared/documents/types';
import { ErrorState } from '@/components/error-state';
import { InlineLoading } from '@/components/loading-screen';
import { OptionSelect } from '@/components/option-select';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { DealPicker, type PickedDeal } from '@/features/deals';
import { errorMessage } from '@/lib/api-client';
import { formatDate, formatFileSize } from '@/lib/format';
import { openSignedLink } from '@/lib/open-link';
import { notifyError, notifySuccess } from '@/lib/toast';
import { documentLink, useDealDocuments, useUploadDealDocument } from './api';

/** Upload a document to a deal: the deal, what the document is, and the file ('Please fill in all fields and select a file'). */
function UploadForm() {
  const [deal, setDeal] = useState<PickedDeal | null>(null);
  const [category, setCategory] = useState<DocumentCategory | undefined>();
  const [file, setFile] = useState<File | null>(null);
  const [missing, setMissing] = useState(false);
  const [formKey, setFormKey] = useState(0);
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadDealDocument();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!deal || !category || !file) return setMissing(true);
    setMissing(false);
    upload.mutate(
      { dealId: deal.id, category, file },
      {
        onSuccess: () => {
          notifySuccess('Document Uploaded', `${file.name} is on ${deal.label}.`);
          setDeal(null);
          setCategory(undefined);
          setFile(null);
          setFormKey((k) => k + 1);
        },
        onError: (error) => notifyError('Upload failed', errorMessage(error, 'There was an error uploading the document.')),
      },
    );
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Upload Document</CardTitle>
        <CardDescription>PDF, DOC, DOCX, JPG or PNG, checked by its content</CardDescription>
      </CardHeader>
      <CardContent>
        <form key={formKey} onSubmit={submit} noValidate className="grid gap-3" aria-label="Upload a deal document">
          <FormField label="Deal" htmlFor="document-deal">
            <DealPicker id="document-deal" onChange={setDeal} invalid={missing && !deal} />
          </FormField>
          <FormField label="Document type" htmlFor="document-category">
            <OptionSelect
              value={category}
              onValueChange={setCategory}
              options={documentCategories}
              labels={documentCategoryLabels}
            />
          </FormField>
          <FormField label="File" htmlFor="document-file">
            <Input
              ref={input}
              type="file"
              accept={documentAccept}
              onChange={(event) => setFile(event.target.files?.[0] ?? null)}
            />
          </FormField>
          {missing && (
            <p role="alert" className="text-destructive text-sm">
              {DOCUMENT_UPLOAD_FIELDS}
            </p>
          )}
          <Button type="submit" className="justify-self-start" disabled={upload.isPending}>
            <Upload /> {upload.isPending ? 'Uploading...' : 'Upload'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

const categoryOf = (document: DealDocument) => (document.category ? documentCategoryLabels[document.category] : '—');
const download = (document: DealDocument) => openSignedLink(() => documentLink(document));

/** Documents: the upload form, the five newest, and every deal document the user may see, paged. */
export function DealDocumentsTab() {
  const documents = useDealDocuments();
  const items = documents.data?.pages.flatMap((page) => page.items) ?? [];

  let table;
  if (documents.isError && !documents.data)
    table = <ErrorState message="Failed to load documents" error={documents.error} onRetry={() => documents.refetch()} />;
  else if (!documents.data) table = <InlineLoading message="Loading documents..." />;
  else if (items.length === 0) table = <p className="text-muted-foreground py-10 text-center text-sm">No deal documents yet.</p>;
  else
    table = (
      <Table aria-label="All documents">
        <TableHeader>
          <TableRow>
            <TableHead>File</TableHead>
            <TableHead>Type</TableHead>
            <TableHead>Deal</TableHead>
            <TableHead className="hidden md:table-cell">Uploaded by</TableHead>
            <TableHead className="hidden sm:table-cell">Date</TableHead>
            <TableHead className="w-12">
              <span className="sr-only">Download</span>
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {items.map((document) => (
            <TableRow key={document.id}>
              <TableCell className="max-w-48 truncate font-medium">
                {document.file_name}
                <span className="text-muted-foreground block text-xs">{formatFileSize(document.file_size)}</span>
              </TableCell>
              <TableCell>{categoryOf(document)}</TableCell>
              <TableCell className="max-w-56 truncate">{document.deal_label}</TableCell>
              <TableCell className="hidden md:table-cell">{document.uploaded_by_name}</TableCell>
              <TableCell className="hidden sm:table-cell">{formatDate(document.created_at)}</TableCell>
              <TableCell>
                <Button
                  variant="ghost"
                  size="icon-sm"
                  onClick={() => download(document)}
                  aria-label={`Download ${document.file_name}`}
                >
                  <Download />
                </Button>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    );

  return (
    <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
      <div className="grid grid-cols-1 gap-6">
        <UploadForm />
        <Card>
          <CardHeader>
            <CardTitle>Recent</CardTitle>
          </CardHeader>
          <CardContent>
            {items.length === 0 ? (
              <p className="text-muted-foreground text-sm">{documents.data ? 'Nothing uploaded yet.' : 'Loading...'}</p>
            ) : (
              <ul className="grid grid-cols-1 gap-2" aria-label="Recent documents">
                {items.slice(0, 5).map((document) => (
                  <li key={document.id} className="text-sm">
                    <span className="block truncate font-medium">{document.file_name}</span>
                    <span className="text-muted-foreground block truncate text-xs">
                      {categoryOf(document)} · {document.deal_label} · {formatDate(document.created_at)}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </CardContent>
        </Card>
      </div>
      <Card>
        <CardHeader>
          <CardTitle>All Documents</CardTitle>
        </CardHeader>
        <CardContent className="px-0 sm:px-6">
          {table}
          {documents.hasNextPage && (
            <div className="flex justify-center pt-2">
              <Button variant="ghost" size="sm" onClick={() => documents.fetchNextPage()} disabled={documents.isFetchingNextPage}>
                {documents.isFetchingNextPage ? 'Loading...' : 'Show more'}
              </Button>
            </div>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
