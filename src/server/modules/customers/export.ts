import { sql } from 'kysely';
import { readable } from '../../platform/readable-files.js';
import { visibleReferrerName } from './filters.js';
import { customerStatusLabels } from '../../../shared/customers/options.js';
import { customerSource, sourceText } from '../../../shared/customers/source.js';
import { csvChunks, csvDay, csvDollars, csvMoment } from '../../http/csv.js';
import type { CustomerRow } from './service.js';

export type CustomerCsvRow = CustomerRow & { owner_name: string; referrer_name: string | null };

export const customerCsvHeader = [
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

/** A customer as a line of the list's CSV: dollars with cents, the day added as YYYY-MM-DD in `timeZone`. */
export function customerCsvRow(timeZone: string) {
  const day = csvDay(timeZone);
  return (c: CustomerCsvRow) => [
    c.name,
    c.email,
    c.phone,
    c.location,
    customerStatusLabels[c.status],
    c.preferred_cars.join('; '),
    c.lead_source,
    csvDollars(c.budget_cents),
    c.referrer_name ?? c.referred_by_name,
    c.birthday,
    c.notes,
    c.owner_name,
    day(c.created_at),
    c.lead_source_name ? sourceText(customerSource(c)) : null,
  ];
}

/** The customer list as a spreadsheet, in the user's time zone. */
export function customersCsv(batches: AsyncIterable<CustomerCsvRow[]>, timeZone: string) {
  return csvChunks(customerCsvHeader, batches, customerCsvRow(timeZone));
}

/** The full export's `readable/customers.csv`. */
export const customersReadable = readable<CustomerCsvRow>({
  name: 'customers',
  table: 'customers',
  about: 'Customers with the columns of the Customers screen’s export, the day added in the company’s time zone',
  header: [...customerCsvHeader, 'Last Updated', 'Customer ID', 'Agent ID'],
  select: (actor) => sql`
    SELECT t.*, u.name AS owner_name, ${visibleReferrerName(actor, 'r')} AS referrer_name
    FROM customers t JOIN users u ON u.id = t.user_id LEFT JOIN customers r ON r.id = t.referred_by_customer_id`,
  line: (timeZone) => {
    const [row, moment] = [customerCsvRow(timeZone), csvMoment(timeZone)];
    return (c) => [...row(c), moment(c.updated_at), c.id, c.user_id];
  },
});
