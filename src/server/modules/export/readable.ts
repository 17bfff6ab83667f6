import { sql, type Kysely, type RawBuilder, type SqlBool, type Transaction } from 'kysely';
import { commissionCsvHeader } from '../../../shared/accounting/schemas.js';
import { salesStatus } from '../../../shared/deals/options.js';
import { leadChannelLabels, leadStatusLabels, type LeadChannel, type LeadStatus } from '../../../shared/leads/schemas.js';
import { commissionBasisLabels, type CommissionBasis } from '../../../shared/settings/schemas.js';
import type { Actor } from '../../auth/actor.js';
import { inventoryVisibleTo } from '../../auth/scope.js';
import type { DB } from '../../db/schema.js';
import { csvMoment, type CsvCell } from '../../http/csv.js';
import { keysetBatches } from '../../http/paging.js';
import { commissionCsvRow, type CommissionCsvRow } from '../accounting/export.js';
import { dealCsvHeader, dealCsvRow, type DealCsvRow } from '../analytics/deal-export.js';
import { customerCsvHeader, customerCsvRow, type CustomerCsvRow } from '../customers/export.js';
import { visibleReferrerName } from '../customers/filters.js';
import { leadName, leadVehicle } from '../leads/service.js';
import { vehicleCsvHeader, vehicleCsvRow } from '../vehicles/export.js';
import type { VehicleRow } from '../vehicles/list.js';

type AnyDb = Kysely<DB> | Transaction<DB>;

/**
 * A file of `readable/`: the rows of `table` the actor's export holds (picked by that table's rule in platform/export-rules.ts, and
 * `only` when given), as the app's own CSV export writes them where it has one, with names beside the ids.
 */
export type ReadableFile = {
  /** `readable/<name>.csv` */
  name: string;
  /** The table whose rule in platform/export-rules.ts decides which rows the actor's file holds. */
  table: string;
  /** What the file is, in the manifest. */
  about: string;
  header: string[];
  /** The file's lines, a batch at a time in the order of the table's ids; `where` is the rows the export holds. */
  lines: (db: AnyDb, actor: Actor, where: RawBuilder<SqlBool>, timeZone: string) => AsyncIterable<CsvCell[][]>;
};

type FileSpec<R> = Omit<ReadableFile, 'lines' | 'header'> & {
  header: readonly string[];
  /** `SELECT … FROM <table> t …`: the row with the names it shows beside its ids. */
  select: (actor: Actor) => RawBuilder<unknown>;
  /** A further condition on `t`, for a file that holds some of the table's rows (commissions: completed deals). */
  only?: RawBuilder<SqlBool>;
  line: (timeZone: string) => (row: R) => CsvCell[];
};

const BATCH = 1000;

/** The rows of `select` that `where` keeps, a batch at a time through the table's id. */
function rowsOf<R extends { id: string }>(db: AnyDb, select: RawBuilder<unknown>, where: RawBuilder<SqlBool>) {
  return keysetBatches<R, string>(async (after) => {
    const { rows } = await sql<R>`
      ${select} WHERE ${where} ${after ? sql`AND t.id > ${after}` : sql``} ORDER BY t.id LIMIT ${BATCH}`.execute(db);
    return { rows, next: rows.length === BATCH ? rows.at(-1)!.id : null };
  });
}

/** A file from its spec: its rows read as the export reads the table, each written by `line` in the company's zone. */
function readable<R extends { id: string }>({ select, only, line, ...file }: FileSpec<R>): ReadableFile {
  return {
    ...file,
    header: [...file.header],
    async *lines(db, actor, where, timeZone) {
      const toLine = line(timeZone);
      const kept = only ? sql<SqlBool>`${where} AND ${only}` : where;
      for await (const batch of rowsOf<R>(db, select(actor), kept)) yield batch.map(toLine);
    },
  };
}

const customers = readable<CustomerCsvRow>({
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

const vehicles = readable<VehicleRow & { owner_name: string }>({
  name: 'vehicles',
  table: 'vehicles',
  about: 'The inventory with the columns of the Inventory screen’s export and the agent it belongs to',
  header: [...vehicleCsvHeader, 'Agent', 'Last Updated', 'Vehicle ID', 'Agent ID'],
  select: () => sql`SELECT t.*, u.name AS owner_name FROM vehicles t JOIN users u ON u.id = t.user_id`,
  line: (timeZone) => {
    const [row, moment] = [vehicleCsvRow(timeZone), csvMoment(timeZone)];
    return (v) => [...row(v), v.owner_name, moment(v.updated_at), v.id, v.user_id];
  },
});

type DealLine = DealCsvRow & {
  created_at: Date;
  updated_at: Date;
  user_id: string;
  customer_id: string | null;
  customer_email: string | null;
  customer_phone: string | null;
  notes: string | null;
  linked_vehicle_id: string | null;
  vin: string | null;
};

const deals = readable<DealLine>({
  name: 'deals',
  table: 'deals',
  about: 'Deals with the columns of Deal Analytics’ Individual Deals export, the inventory vehicle’s VIN when linked',
  header: [
    ...dealCsvHeader,
    'Customer Email',
    'Customer Phone',
    'VIN',
    'Notes',
    'Created',
    'Last Updated',
    'Customer ID',
    'Vehicle ID',
    'Agent ID',
  ],
  // The linked vehicle as the deal's page shows it: only one the actor may see.
  select: (actor) => sql`
    SELECT t.*, v.id AS linked_vehicle_id, v.vin FROM deals t
    LEFT JOIN vehicles v ON v.id = t.vehicle_id AND ${inventoryVisibleTo(actor, 'v.user_id')}`,
  line: (timeZone) => {
    const moment = csvMoment(timeZone);
    return (d) => [
      ...dealCsvRow(d),
      d.customer_email,
      d.customer_phone,
      d.vin,
      d.notes,
      moment(d.created_at),
      moment(d.updated_at),
      d.customer_id,
      d.linked_vehicle_id,
      d.user_id,
    ];
  },
});

const commissions = readable<
  CommissionCsvRow & { agent_name: string; user_id: string; customer_id: string | null; commission_basis: CommissionBasis }
>({
  name: 'commissions',
  table: 'deals',
  about: 'Completed deals with the columns of the Reports’ commission export, each with its agent',
  header: [...commissionCsvHeader, 'Commission Basis', 'Agent', 'Agent ID', 'Customer ID'],
  select: () => sql`SELECT t.* FROM deals t`,
  only: sql<SqlBool>`t.status = ${salesStatus}`,
  line: () => (d) => [...commissionCsvRow(d), commissionBasisLabels[d.commission_basis], d.agent_name, d.user_id, d.customer_id],
});

type LeadLine = {
  id: string;
  received_at: Date;
  source_name: string;
  channel: LeadChannel;
  status: LeadStatus;
  reason: string | null;
  name: string | null;
  vehicle: string | null;
  customer_id: string | null;
  customer_name: string | null;
  assigned_user_id: string | null;
  assigned_name: string | null;
  assignment_reason: string | null;
  first_response_at: Date | null;
  first_response_by: string | null;
  alerted_at: Date | null;
  handled_at: Date | null;
  handled_by: string | null;
};

const leads = readable<LeadLine>({
  name: 'leads',
  table: 'leads',
  about: 'Leads as the Leads screen lists them, each moment in the company’s time zone',
  header: [
    'Received',
    'Source',
    'Channel',
    'Status',
    'Reason',
    'Name',
    'Vehicle',
    'Customer',
    'Assigned To',
    'Assignment Reason',
    'First Response',
    'First Response By',
    'Admins Alerted',
    'Handled',
    'Handled By',
    'Lead ID',
    'Customer ID',
    'Assigned To ID',
  ],
  select: () => sql`
    SELECT t.id, t.received_at, t.source_name, t.channel, t.status, t.reason, ${leadName('t', 'c')} AS name,
      ${leadVehicle('t')} AS vehicle, t.customer_id, c.name AS customer_name, t.assigned_user_id, a.name AS assigned_name,
      t.assignment_reason, t.first_response_at, r.name AS first_response_by, t.alerted_at, t.handled_at,
      h.name AS handled_by
    FROM leads t
    LEFT JOIN customers c ON c.id = t.customer_id
    LEFT JOIN users a ON a.id = t.assigned_user_id
    LEFT JOIN users r ON r.id = t.first_response_by
    LEFT JOIN users h ON h.id = t.handled_by`,
  line: (timeZone) => {
    const moment = csvMoment(timeZone);
    return (l) => [
      moment(l.received_at),
      l.source_name,
      leadChannelLabels[l.channel],
      leadStatusLabels[l.status],
      l.reason,
      l.name,
      l.vehicle,
      l.customer_name,
      l.assigned_name,
      l.assignment_reason,
      moment(l.first_response_at),
      l.first_response_by,
      moment(l.alerted_at),
      moment(l.handled_at),
      l.handled_by,
      l.id,
      l.customer_id,
      l.assigned_user_id,
    ];
  },
});

/** The files of `readable/`, for a person with a spreadsheet; the counting tables have none. */
export const readableFiles: ReadableFile[] = [customers, vehicles, deals, commissions, leads];
