import type { ImportCounts } from './schemas.js';

/** How an import's counts read on screen: rows written, rows skipped as invalid, rows already as the file has them. */

const figure = (n: number) => n.toLocaleString('en-US');

/** The rows an import writes: the new records and the changed ones. Unchanged and invalid rows write nothing. */
export const rowsWritten = (counts: ImportCounts) => counts.new + counts.updated;

function notWritten(counts: ImportCounts): string[] {
  return [
    ...(counts.invalid > 0 ? [`${figure(counts.invalid)} skipped`] : []),
    ...(counts.unchanged > 0 ? [`${figure(counts.unchanged)} already up to date`] : []),
  ];
}

/** The check step's button: 'Import 2 rows (3 skipped)', or 'Nothing to import (4 already up to date)'. */
export function importButtonLabel(counts: ImportCounts): string {
  const written = rowsWritten(counts);
  const action = written === 0 ? 'Nothing to import' : `Import ${figure(written)} ${written === 1 ? 'row' : 'rows'}`;
  const others = notWritten(counts);
  return others.length > 0 ? `${action} (${others.join(', ')})` : action;
}

/** What a run did: 'Imported 2, skipped 3', 'Imported 0, skipped 1, 4 already up to date'. */
export function importOutcome(counts: ImportCounts): string {
  const skipped = counts.invalid > 0 ? [`skipped ${figure(counts.invalid)}`] : [];
  const upToDate = counts.unchanged > 0 ? [`${figure(counts.unchanged)} already up to date`] : [];
  return [`Imported ${figure(rowsWritten(counts))}`, ...skipped, ...upToDate].join(', ');
}
