import { get } from 'react-hook-form';
import { financeGrid, gridAxes, leaseGrid, residualCentsFor } from '@shared/desking/grid';
import type { DeskingSettings } from '@shared/desking/settings';
import type { DealWorksheet } from '@shared/desking/types';
import { MAX_OPTIONS, type GridOption, type Worksheet } from '@shared/desking/worksheet';
import { dollarsText } from '@shared/money';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatCents } from '@/lib/format';
import { money, type DeskFieldName, type DeskFormMethods } from './desk-fields';

type GridView = {
  terms: number[];
  downs: number[];
  rows: { main: number; note?: number }[][];
  note?: string;
};

/** The payment grid of the chosen way to pay, worked out again on every keystroke. */
export function gridOf(
  worksheet: Worksheet,
  desking: DeskingSettings,
  rule: NonNullable<DealWorksheet['rule']>,
): GridView | null {
  const axes = gridAxes(worksheet, desking);
  const { structure } = worksheet;
  if (structure.kind === 'finance') {
    const grid = financeGrid(worksheet, rule, { ...axes, ...structure });
    return { ...axes, rows: grid.rows.map((row) => row.map((cell) => ({ main: cell.payment_cents }))) };
  }
  if (structure.kind === 'lease') {
    const residualCents = residualCentsFor(worksheet, structure, desking.lease.residuals);
    const grid = leaseGrid(worksheet, structure, rule, { ...axes, residualCents });
    return {
      ...axes,
      note: 'due at signing',
      rows: grid.rows.map((row) =>
        row.map((cell) => ({ main: cell.total_monthly_payment_cents, note: cell.amount_due_at_signing_cents })),
      ),
    };
  }
  return null;
}

const optionLabel = (option: GridOption) => `${option.term_months} mo, ${formatCents(option.cash_down_cents)} down`;

/**
 * The grid, each cell a toggle that marks it as an option to present on the customer's quote (at most three, in the
 * order marked).
 */
export function GridCard({
  grid,
  form,
  marked,
  readOnly,
}: {
  grid: GridView;
  form: DeskFormMethods;
  marked: GridOption[];
  readOnly: boolean;
}) {
  const isMarked = (term: number, down: number) => marked.findIndex((o) => o.term_months === term && o.cash_down_cents === down);
  const toggle = (term: number, down: number) => {
    const at = isMarked(term, down);
    const next = at >= 0 ? marked.filter((_, i) => i !== at) : [...marked, { term_months: term, cash_down_cents: down }];
    const typed = next.map((o) => ({ term_months: String(o.term_months), cash_down_cents: dollarsText(o.cash_down_cents) }));
    form.setValue('worksheet.options' as DeskFieldName, typed as never, { shouldDirty: true, shouldValidate: true });
  };
  const error = (get(form.formState.errors, 'worksheet.options') as { message?: string } | undefined)?.message;
  return (
    <Card className="gap-3">
      <CardHeader>
        <CardTitle>Payment grid</CardTitle>
        <CardDescription>
          Monthly payment by term (rows) and cash down (columns). Choose up to {MAX_OPTIONS} to present on the quote.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid grid-cols-[minmax(0,1fr)] gap-3 px-4">
        <Table className="text-[13px]">
          <TableHeader>
            <TableRow>
              <TableHead className="px-1.5">Term</TableHead>
              {grid.downs.map((down) => (
                <TableHead key={down} className="h-auto px-1.5 py-1.5 text-right leading-tight whitespace-normal">
                  {/* "down" goes under the amount where three columns would not fit on one line. */}
                  {formatCents(down)} down
                </TableHead>
              ))}
            </TableRow>
          </TableHeader>
          <TableBody>
            {grid.rows.map((row, index) => {
              const term = grid.terms[index]!;
              return (
                <TableRow key={term}>
                  <TableCell className="px-1.5 font-medium">{term} mo</TableCell>
                  {row.map((cell, column) => {
                    const down = grid.downs[column]!;
                    const position = isMarked(term, down);
                    return (
                      <TableCell key={down} className="p-0.5 text-right tabular-nums">
                        <button
                          type="button"
                          aria-pressed={position >= 0}
                          aria-label={`Present ${optionLabel({ term_months: term, cash_down_cents: down })}: ${money(cell.main)} a month`}
                          disabled={readOnly || (position < 0 && marked.length >= MAX_OPTIONS)}
                          onClick={() => toggle(term, down)}
                          className={`focus-visible:ring-ring/50 w-full rounded-md px-1.5 py-1 text-right outline-none focus-visible:ring-[3px] disabled:opacity-60 ${
                            position >= 0 ? 'bg-primary text-primary-foreground' : 'hover:bg-muted'
                          }`}
                        >
                          <div className="font-medium">{money(cell.main)}</div>
                          {cell.note !== undefined && (
                            <div className={`text-xs ${position >= 0 ? '' : 'text-muted-foreground'}`}>
                              {money(cell.note)} {grid.note}
                            </div>
                          )}
                        </button>
                      </TableCell>
                    );
                  })}
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
        <p className="text-muted-foreground text-sm" aria-live="polite">
          {marked.length === 0
            ? 'No options chosen: the quote presents the terms above.'
            : `To present: ${marked.map((o, i) => `${i + 1}. ${optionLabel(o)}`).join('; ')}`}
        </p>
        {error && (
          <p className="text-destructive text-sm" role="alert">
            {error}
          </p>
        )}
      </CardContent>
    </Card>
  );
}
