import { parse } from 'csv-parse/sync';
import { fileTypeFromBuffer } from 'file-type';
import { MAX_IMPORT_ROWS } from '../../../shared/imports/fields.js';
import { AppError, badRequest } from '../../http/errors.js';

/** A data row of the file: its number as a spreadsheet shows it (the header is row 1) and its cells. */
export type SourceRow = { n: number; c: string[] };
export type CsvFile = { headers: string[]; rows: SourceRow[] };

const notCsv = () =>
  new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'This is not a CSV file. Save the spreadsheet as CSV (UTF-8) and try again.');

/** Text of the upload: UTF-8 without NUL characters, and no known binary format; anything else is refused. */
async function textOf(content: Buffer): Promise<string> {
  if (content.includes(0) || (await fileTypeFromBuffer(content))) throw notCsv();
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(content);
  } catch {
    throw notCsv();
  }
}

/** Reads an uploaded CSV: the first row names the columns; blank rows are skipped but keep the numbering. */
export async function readCsv(content: Buffer): Promise<CsvFile> {
  const text = await textOf(content);
  let records: string[][];
  try {
    records = parse(text, { relax_column_count: true, skip_empty_lines: false, bom: true });
  } catch (error) {
    const line = (error as { lines?: number }).lines;
    throw badRequest(`The file could not be read as CSV${line ? ` (near line ${line})` : ''}: check its quotes.`);
  }
  const [head, ...body] = records;
  if (!head || head.every((cell) => cell.trim() === ''))
    throw badRequest('The file is empty: its first row should name the columns.');
  const headers = head.map((cell, i) => cell.trim().slice(0, 200) || `Column ${i + 1}`);
  const rows: SourceRow[] = [];
  body.forEach((cells, i) => {
    if (cells.some((cell) => cell.trim() !== '')) rows.push({ n: i + 2, c: cells });
  });
  if (rows.length === 0) throw badRequest('The file has no rows to import under its header.');
  if (rows.length > MAX_IMPORT_ROWS)
    throw new AppError(
      413,
      'PAYLOAD_TOO_LARGE',
      `The file has more than ${MAX_IMPORT_ROWS.toLocaleString('en-US')} rows: split it.`,
    );
  return { headers, rows };
}
