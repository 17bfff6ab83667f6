import type { FastifyReply } from 'fastify';
import { dollarsText } from '../../shared/money.js';
import { sendChunks } from './download.js';

export type CsvCell = string | number | null | undefined;

/** Cents as a plain dollar amount a spreadsheet reads as a number: 45000.00; null stays empty. */
export const csvDollars = (cents: number | null) => (cents === null ? '' : dollarsText(cents));

/** A moment's calendar day in `timeZone`, as YYYY-MM-DD. */
export function csvDay(timeZone: string) {
  const format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
  return (at: Date) => format.format(at);
}

/** A moment as the clock in `timeZone` showed it, YYYY-MM-DD HH:MM:SS, which spreadsheets read as a date and time. */
export function csvMoment(timeZone: string) {
  const format = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
  return (at: Date | null) => {
    if (at === null) return null;
    const part = Object.fromEntries(format.formatToParts(at).map((p) => [p.type, p.value]));
    return `${part.year}-${part.month}-${part.day} ${part.hour}:${part.minute}:${part.second}`;
  };
}

/**
 * One RFC 4180 CSV line. Cells that a spreadsheet would run as a formula (=, +, -, @, tab, CR) are prefixed with a
 * quote so an exported customer name can never execute in Excel.
 */
function csvLine(row: CsvCell[]): string {
  const cell = (value: CsvCell) => {
    if (value === null || value === undefined) return '';
    let text = String(value);
    if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
    return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
  };
  return `${row.map(cell).join(',')}\r\n`;
}

/** Rows per chunk sent: about 70 KB, small enough for V8's young generation, so a long export leaves little garbage. */
const CHUNK_ROWS = 500;

/** The header line with the first rows, then the rows as they are read: a large export never sits in memory whole. */
export async function* csvChunks<T>(header: string[], batches: AsyncIterable<T[]>, toRow: (item: T) => CsvCell[]) {
  let head: string | null = csvLine(header);
  for await (const batch of batches) {
    for (let start = 0; start < batch.length; start += CHUNK_ROWS) {
      let lines = '';
      for (const item of batch.slice(start, start + CHUNK_ROWS)) lines += csvLine(toRow(item));
      yield head === null ? lines : head + lines;
      head = null;
    }
  }
  if (head !== null) yield head;
}

/** Sends a streamed CSV download (see `sendChunks`). */
export const sendCsv = (reply: FastifyReply, fileName: string, chunks: AsyncIterable<string>) =>
  sendChunks(reply, chunks, {
    'content-type': 'text/csv; charset=utf-8',
    'content-disposition': `attachment; filename="${fileName}"`,
    'cache-control': 'private, no-store',
  });
