import type { ImportCounts, InvalidRow } from '@shared/imports/schemas';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatCount } from '@/lib/format';

const figures: { key: keyof ImportCounts; label: string }[] = [
  { key: 'new', label: 'New' },
  { key: 'updated', label: 'Updated' },
  { key: 'unchanged', label: 'Unchanged' },
  { key: 'invalid', label: 'Invalid' },
];

/** The four counts of a dry run or a run, and the invalid rows with their reasons. */
export function ImportReportView({ counts, invalidRows }: { counts: ImportCounts; invalidRows: InvalidRow[] }) {
  return (
    <div className="grid gap-4">
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        {figures.map(({ key, label }) => (
          <div key={key} className="rounded-md border p-3" data-testid={`import-count-${key}`}>
            <dt className="text-muted-foreground text-xs font-medium uppercase">{label}</dt>
            <dd className={`text-2xl font-semibold ${key === 'invalid' && counts.invalid > 0 ? 'text-destructive' : ''}`}>
              {formatCount(counts[key])}
            </dd>
          </div>
        ))}
      </dl>
      {invalidRows.length > 0 && (
        <div className="grid gap-2">
          <h3 id="import-invalid-title" className="text-sm font-medium">
            Invalid rows
            {counts.invalid > invalidRows.length && (
              <span className="text-muted-foreground font-normal">
                {' '}
                (the first {formatCount(invalidRows.length)} of {formatCount(counts.invalid)})
              </span>
            )}
          </h3>
          {/* A region that scrolls takes the keyboard's focus, so it can be scrolled without a mouse. */}
          <div
            role="region"
            aria-labelledby="import-invalid-title"
            tabIndex={0}
            className="focus-visible:ring-ring/50 max-h-56 overflow-y-auto rounded-md border outline-none focus-visible:ring-[3px]"
          >
            <Table>
              <TableHeader>
                <TableRow>
                  <TableHead className="w-16">Row</TableHead>
                  <TableHead>Reason</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {invalidRows.map((r) => (
                  <TableRow key={r.row}>
                    <TableCell className="tabular-nums">{r.row}</TableCell>
                    <TableCell className="whitespace-normal">{r.reason}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
          <p className="text-muted-foreground text-xs">Invalid rows are skipped.</p>
        </div>
      )}
    </div>
  );
}
