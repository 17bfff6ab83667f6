import { z } from 'zod';
import { optionalDollars } from '../common/fields.js';
import { customerInputSchema } from '../customers/schemas.js';
import { leadSources } from '../customers/options.js';
import { toCents } from '../money.js';
import { vehicleFormSchema } from '../vehicles/schemas.js';
import { importKinds, type ImportKind } from './fields.js';

export const importUploadQuerySchema = z.object({ kind: z.enum(importKinds, { error: 'Choose customers or vehicles' }) });

export const importMappingBodySchema = z.object({
  mapping: z.record(
    z.string().max(40, 'There is no such field'),
    z.number({ error: 'Choose a column of the file' }).int().min(0).max(1000).nullable(),
  ),
});
export type ImportMappingBody = z.output<typeof importMappingBodySchema>;

/** A list cell as the export writes it ('SUV; Luxury'); commas separate too. */
const listCell = (cell: string) =>
  cell
    .split(/[;,]/)
    .map((item) => item.trim())
    .filter(Boolean);

/** A number as a spreadsheet writes it ('12,500'); anything else is left for the schema to refuse with its message. */
const numberCell = (cell: string) => {
  const plain = cell.replaceAll(',', '').trim();
  return /^-?\d+(\.\d+)?$/.test(plain) ? Number(plain) : cell;
};

/** A customer row of a file: the customer form's rules and messages, the budget in dollars as a spreadsheet has it. */
export const customerImportSchema = customerInputSchema
  .omit({ budget_cents: true, referred_by_customer_id: true })
  .extend({ budget: optionalDollars('Budget must be a positive amount', 'Budget is too large') })
  .transform(({ budget, ...rest }) => ({
    ...rest,
    // A referred customer's lead source is 'Referral', as on the form.
    lead_source: rest.referred_by_name ? ('Referral' as const) : rest.lead_source,
    budget_cents: budget === null ? null : toCents(budget),
  }));

/** A vehicle row of a file: the vehicle form's rules and messages, the price in dollars. */
export const vehicleImportSchema = vehicleFormSchema.transform(({ price, ...rest }) => ({
  ...rest,
  price_cents: toCents(price),
}));

/**
 * An amount as a spreadsheet writes it ('$45,000.50'). Anything else becomes -1, so the schema refuses it with the
 * amount's own message instead of reading it as blank.
 */
const amountCell = (cell: string) => {
  const plain = cell.replace(/[$,\s]/g, '');
  return /^\d+(\.\d+)?$/.test(plain) ? plain : -1;
};

/** The cells of a row as the row schemas take them: blank is absent, lists split, numbers read, words matched. */
export function cellValue(kind: ImportKind, field: string, cell: string): unknown {
  const value = cell.trim();
  if (value === '') return undefined;
  if (field === 'preferred_cars' || field === 'features') return listCell(value);
  if (field === 'status' || field === 'condition') return value.toLowerCase();
  if (field === 'lead_source') return leadSources.find((s) => s.toLowerCase() === value.toLowerCase()) ?? value;
  if (kind === 'vehicles' && (field === 'year' || field === 'mileage')) return numberCell(value);
  if (field === 'budget' || field === 'price') return amountCell(value);
  return value;
}

export const importUploadSchema = z.object({
  id: z.string(),
  kind: z.enum(importKinds),
  file_name: z.string(),
  headers: z.array(z.string()),
  row_count: z.number(),
  /** The first rows, to show beside the mapping. */
  preview: z.array(z.array(z.string())),
  mapping: z.record(z.string(), z.number().nullable()),
});
export type ImportUpload = z.output<typeof importUploadSchema>;

export const invalidRowSchema = z.object({ row: z.number(), reason: z.string() });
export type InvalidRow = z.output<typeof invalidRowSchema>;

const countsShape = { new: z.number(), updated: z.number(), unchanged: z.number(), invalid: z.number() };
export type ImportCounts = { new: number; updated: number; unchanged: number; invalid: number };

/** The dry run: what the run would do, row by row. */
export const importReportSchema = z.object({ ...countsShape, invalid_rows: z.array(invalidRowSchema) });
export type ImportReport = z.output<typeof importReportSchema>;

export const importStatuses = ['uploaded', 'running', 'done', 'failed', 'undone'] as const;

export const importSummarySchema = z.object({
  id: z.string(),
  kind: z.enum(importKinds),
  file_name: z.string(),
  status: z.enum(importStatuses),
  row_count: z.number(),
  ...countsShape,
  created_at: z.string(),
  finished_at: z.string().nullable(),
  undone_at: z.string().nullable(),
  /** Until when Undo is offered; null once undone or never run. */
  undo_until: z.string().nullable(),
});
export type ImportSummary = z.output<typeof importSummarySchema>;

/** The run streams one JSON line per event: progress after each batch, then the outcome. */
export type ImportRunEvent =
  | { type: 'progress'; done: number; total: number }
  | { type: 'done'; summary: ImportSummary; invalid_rows: InvalidRow[] }
  | { type: 'failed'; message: string; summary: ImportSummary | null };

export const importUndoSchema = z.object({
  restored: z.number(),
  removed: z.number(),
  /** Records left as they are, and why. */
  kept: z.array(z.string()),
});
export type ImportUndo = z.output<typeof importUndoSchema>;
