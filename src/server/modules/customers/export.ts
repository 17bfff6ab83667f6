import { customerSource, sourceText } from '../../../shared/customers/source.js';
import { csvChunks, csvDollars } from '../../http/csv.js';
import type { CustomerRow } from './service.js';

type ExportRow = CustomerRow & { owner_name: string; referrer_name: string | null };

const header = [
  'Name',
  'Email',
  'Phone',
  'Location',
  'Status',
  'Car Preferences',
  'Lead Source',
  'Budget',
  'Referred By',
  'Birthday',
  'Notes',
  'Agent',
  'Date Added',
  // Where a lead source brought the customer from: a column of its own, so 'Lead Source' imports back as it was.
  'Lead From',
];

/** The customer list as a spreadsheet: dollars with cents, dates as YYYY-MM-DD in the user's time zone. */
export function customersCsv(batches: AsyncIterable<ExportRow[]>, timeZone = 'UTC') {
  const day = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
  return csvChunks(header, batches, (c) => [
    c.name,
    c.email,
    c.phone,
    c.location,
    c.status,
    c.preferred_cars.join('; '),
    c.lead_source,
    csvDollars(c.budget_cents),
    c.referrer_name ?? c.referred_by_name,
    c.birthday,
    c.notes,
    c.owner_name,
    day.format(c.created_at),
    c.lead_source_name ? sourceText(customerSource(c)) : null,
  ]);
}
