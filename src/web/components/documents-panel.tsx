import { useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Download, FileImage, FileText, Loader2, Trash2, Upload } from 'lucide-react';
import { documentsApi } from '@shared/documents/api';
import { documentAccept, type DocumentKind, type DocumentRecord } from '@shared/documents/options';
import { DeleteButton } from '@/components/delete-button';
import { ErrorState } from '@/components/error-state';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { ApiError } from '@/lib/api-client';
import { call, keyOf, queryOf } from '@/lib/contract';
import { openSignedLink } from '@/lib/open-link';
import { formatDate, formatFileSize } from '@/lib/format';
import { notifyError, notifySuccess } from '@/lib/toast';

/** Each kind of parent's routes: the documents of a customer, or of a deal. */
const routes = {
  customer: {
    list: documentsApi.customerDocuments,
    add: documentsApi.addCustomerDocument,
    remove: documentsApi.removeCustomerDocument,
    link: documentsApi.customerDocumentLink,
  },
  deal: {
    list: documentsApi.dealDocuments,
    add: documentsApi.addDealDocument,
    remove: documentsApi.removeDealDocument,
    link: documentsApi.dealDocumentLink,
  },
} satisfies Record<DocumentKind, unknown>;

/** The documents of one customer or one deal, newest first: the list the panel shows. */
export function useDocumentList(kind: DocumentKind, parentId: string) {
  return useQuery(queryOf(routes[kind].list, { params: { id: parentId } }));
}

function useDocuments(kind: DocumentKind, parentId: string, onChanged?: () => void) {
  const queryClient = useQueryClient();
  const { list: listRoute, add, remove: removeRoute, link: linkRoute } = routes[kind];
  const changed = () => {
    queryClient.invalidateQueries({ queryKey: keyOf(listRoute, { params: { id: parentId } }) });
    onChanged?.();
  };
  const list = useDocumentList(kind, parentId);
  const upload = useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append('file', file);
      return call(add, { params: { id: parentId }, body });
    },
    onSettled: changed,
  });
  const remove = useMutation({
    mutationFn: (document: DocumentRecord) => call(removeRoute, { params: { id: parentId, docId: document.id } }),
    onSettled: changed,
  });
  const link = (document: DocumentRecord) => call(linkRoute, { params: { id: parentId, docId: document.id } });
  return { list, upload, remove, link };
}

function DocumentIcon({ contentType }: { contentType: string }) {
  const Icon = contentType.startsWith('image/') ? FileImage : FileText;
  return <Icon className="text-muted-foreground size-5 shrink-0" aria-hidden />;
}

/**
 * The documents of one customer or one deal: upload one file at a time, list newest first, download through a
 * short-lived signed link in a new tab, delete after a confirmation.
 */
export function DocumentsPanel({
  kind,
  parentId,
  title,
  description,
  onChanged,
}: {
  kind: DocumentKind;
  parentId: string;
  title: string;
  description?: string;
  onChanged?: () => void;
}) {
  const { list, upload, remove, link } = useDocuments(kind, parentId, onChanged);
  const input = useRef<HTMLInputElement>(null);
  const [reason, setReason] = useState<string | null>(null);
  const inputId = `${kind}-document-file`;

  const onFile = (file: File | undefined) => {
    if (!file) return;
    setReason(null);
    upload.mutate(file, {
      onSuccess: () => notifySuccess('Document uploaded successfully', `${file.name} has been uploaded.`),
      onError: (error) => {
        notifyError('Upload failed', 'There was an error uploading the document.');
        if (error instanceof ApiError && error.status < 500) setReason(error.message);
      },
      onSettled: () => {
        if (input.current) input.current.value = '';
      },
    });
  };

  const download = (document: DocumentRecord) => openSignedLink(() => link(document));

  const onDelete = (document: DocumentRecord) =>
    remove.mutateAsync(document).then(
      () => notifySuccess('Document deleted', `${document.file_name} has been deleted.`),
      (error: unknown) => {
        notifyError('Delete failed', 'There was an error deleting the document.');
        throw error;
      },
    );

  const documents = list.data ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        {description && <CardDescription>{description}</CardDescription>}
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="grid gap-2">
          <Label htmlFor={inputId}>Upload Document</Label>
          <div className="flex items-center gap-2">
            <Input
              ref={input}
              id={inputId}
              type="file"
              accept={documentAccept}
              disabled={upload.isPending}
              onChange={(e) => onFile(e.target.files?.[0])}
              aria-describedby={`${inputId}-hint`}
              className="min-w-0"
            />
            {upload.isPending ? (
              <span role="status" className="text-muted-foreground flex shrink-0 items-center gap-1 text-sm">
                <Loader2 className="size-4 animate-spin" aria-hidden /> Uploading...
              </span>
            ) : (
              <Upload className="text-muted-foreground size-4 shrink-0" aria-hidden />
            )}
          </div>
          <p id={`${inputId}-hint`} className="text-muted-foreground text-xs">
            One file at a time: PDF, DOC, DOCX, JPG, JPEG or PNG.
          </p>
          {reason && (
            <p role="alert" className="text-destructive text-sm">
              {reason}
            </p>
          )}
        </div>

        {list.isError ? (
          <ErrorState message="Failed to load documents" error={list.error} onRetry={() => list.refetch()} />
        ) : list.isPending ? (
          <p className="text-muted-foreground text-sm">Loading documents...</p>
        ) : documents.length === 0 ? (
          <p className="text-muted-foreground text-sm">No documents uploaded yet.</p>
        ) : (
          <ul className="divide-y rounded-md border" aria-label={title}>
            {documents.map((document) => (
              <li key={document.id} className="flex items-center gap-3 px-3 py-2">
                <DocumentIcon contentType={document.content_type} />
                <div className="min-w-0 flex-1">
                  <p className="truncate text-sm font-medium" title={document.file_name}>
                    {document.file_name}
                  </p>
                  <p className="text-muted-foreground text-xs">
                    {formatFileSize(document.file_size)} · {formatDate(document.created_at)} · {document.uploaded_by_name}
                  </p>
                </div>
                <Button
                  variant="ghost"
                  size="icon-sm"
                  aria-label={`Download ${document.file_name}`}
                  onClick={() => download(document)}
                >
                  <Download />
                </Button>
                <DeleteButton
                  title="Are you sure you want to delete this document?"
                  description={`${document.file_name} will be removed for everyone. This cannot be undone.`}
                  onDelete={() => onDelete(document)}
                  trigger={
                    <Button variant="ghost" size="icon-sm" aria-label={`Delete ${document.file_name}`}>
                      <Trash2 />
                    </Button>
                  }
                />
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
