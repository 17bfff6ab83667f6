import { Download, FilePen } from 'lucide-react';
import type { MinorAgreement } from '@shared/cosigners/types';
import { ErrorState } from '@/components/error-state';
import { InlineLoading } from '@/components/loading-screen';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { formatCents, formatDate, formatDateTime } from '@/lib/format';
import { notifyError, notifySuccess } from '@/lib/toast';
import { agreementPdfPath, useAgreements } from './api';

/**
 * Fetches the sealed PDF and saves it. The server checks the file against its seal first: an altered file is refused,
 * and the reason is shown instead of a download.
 */
async function download(agreement: MinorAgreement) {
  const response = await fetch(agreementPdfPath(agreement.id), { credentials: 'same-origin' }).catch(() => null);
  if (!response?.ok) {
    const body = (await response?.json().catch(() => null)) as { error?: { message?: string } } | null;
    notifyError('Download failed', body?.error?.message ?? 'Please try again.');
    return;
  }
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'agreement.pdf';
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  notifySuccess('Download Started', `${agreement.minor_name}'s sealed agreement`);
}

/** Document management: every sealed agreement the user may see, with its download; a correction starts from one. */
export function AgreementsPanel({ onCorrect }: { onCorrect: (agreement: MinorAgreement) => void }) {
  const agreements = useAgreements();
  const items = agreements.data?.pages.flatMap((page) => page.items) ?? [];
  const corrected = new Set(items.map((item) => item.corrects_id).filter(Boolean));
  return (
    <Card>
      <CardHeader>
        <CardTitle>Document Management</CardTitle>
        <CardDescription>
          Sealed agreements: the uploaded document with both signatures, the cosigner notice and an audit page
        </CardDescription>
      </CardHeader>
      <CardContent>
        {agreements.isError ? (
          <ErrorState
            message="The agreements could not be loaded."
            error={agreements.error}
            onRetry={() => agreements.refetch()}
          />
        ) : agreements.isPending ? (
          <InlineLoading message="Loading agreements..." />
        ) : items.length === 0 ? (
          <p className="text-muted-foreground py-4 text-center text-sm">No agreements yet.</p>
        ) : (
          <ul className="grid" aria-label="Sealed agreements">
            {items.map((agreement) => (
              <li key={agreement.id} className="flex flex-wrap items-center justify-between gap-3 border-b py-3 last:border-b-0">
                <div className="min-w-0">
                  <div className="flex flex-wrap items-center gap-2 font-medium">
                    {agreement.minor_name}
                    {agreement.corrects_id && <Badge variant="secondary">Correction</Badge>}
                    {corrected.has(agreement.id) && <Badge variant="outline">Corrected</Badge>}
                  </div>
                  <div className="text-muted-foreground text-sm">
                    Age {agreement.minor_age} · co-signed by {agreement.parent_name} ({agreement.parent_relationship}) ·{' '}
                    {formatCents(agreement.deal_amount_cents)}
                  </div>
                  <div className="text-muted-foreground text-xs">
                    {agreement.vehicle_details} · sealed {formatDateTime(agreement.created_at)} · 18 by{' '}
                    {formatDate(agreement.turns_18_on)}
                  </div>
                </div>
                <div className="flex gap-2">
                  <Button
                    variant="outline"
                    size="sm"
                    onClick={() => onCorrect(agreement)}
                    aria-label={`Correct the agreement of ${agreement.minor_name}`}
                  >
                    <FilePen /> Correct
                  </Button>
                  <Button
                    size="sm"
                    onClick={() => void download(agreement)}
                    aria-label={`Download the sealed agreement of ${agreement.minor_name}`}
                  >
                    <Download /> Download
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
        {agreements.hasNextPage && (
          <Button
            variant="outline"
            className="mt-3"
            disabled={agreements.isFetchingNextPage}
            onClick={() => agreements.fetchNextPage()}
          >
            {agreements.isFetchingNextPage ? 'Loading...' : 'Show older agreements'}
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
