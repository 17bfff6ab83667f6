import { sql, type Kysely } from 'kysely';
import type { z } from 'zod';
import type { ImportKind } from '../../../shared/imports/fields.js';
import { customerImportSchema, vehicleImportSchema } from '../../../shared/imports/schemas.js';
import type { DB } from '../../db/schema.js';
import type { Actor } from '../../auth/actor.js';
import { emailKey, phoneKeys } from '../customers/index.js';
import { insertCustomers, type NewCustomer } from '../customers/index.js';

export type Values = Record<string, unknown>;

/** A record an import may match: as stored, or as this import has left it. */
export type Known = {
  id: string;
  user_id: string;
  values: Values;
  /** Fields the import leaves alone on this record (a customer linked to a referring customer keeps the link). */
  kept: readonly string[];
  /** The statuses of the vehicle's deals, which decide what its status may be. */
  dealStatuses: string[];
};

type Column = { name: string; type: string };

/** How one kind of record is read from a row, matched and written. */
export type ImportKindSpec = {
  table: 'customers' | 'vehicles';
  noun: { one: string; many: string };
  columns: readonly Column[];
  schema: z.ZodType<Values, unknown>;
  /** The columns a mapped field writes. */
  columnOf: (field: string) => string;
  /** The keys a row is matched on, the strongest first. */
  rowKeys: (values: Values) => string[];
  recordKeys: (values: Values) => string[];
  noKey: string;
  othersRecord: string;
  /** The stored records carrying any of these keys, the earliest first. */
  lookup: (db: Kysely<DB>, keys: string[], lock: boolean) => Promise<Known[]>;
  /** Adds the new records of a batch of the import `importId`, answering the version each was written at. */
  insert: (db: Kysely<DB>, actor: Actor, records: Known[], importId: string) => Promise<{ id: string; updated_at: Date }[]>;
  /** Tables whose rows name a record: a record they name is not removed by an undo. */
  references: readonly { table: string; column: string }[];
  /**
   * The other tables whose rows name a record, which an undo takes with it (their foreign key deletes them or sets
   * them null): every table that names the record is in one list or the other (the imports test reads the schema).
   */
  removedWith: readonly { table: string; column: string }[];
};

const text = (name: string): Column => ({ name, type: 'text' });

const digitsOf = (phone: string) => phone.replace(/\D/g, '');

function selectColumns(columns: readonly Column[]) {
  return sql.join(columns.map((c) => sql.ref(`t.${c.name}`)));
}

const customerColumns: readonly Column[] = [
  text('name'),
  text('email'),
  text('phone'),
  text('location'),
  text('status'),
  { name: 'preferred_cars', type: 'text[]' },
  text('referred_by_name'),
  { name: 'birthday', type: 'date' },
  text('notes'),
  text('lead_source'),
  { name: 'budget_cents', type: 'bigint' },
];

const vehicleColumns: readonly Column[] = [
  text('make'),
  text('model'),
  { name: 'year', type: 'integer' },
  text('vin'),
  text('color'),
  { name: 'mileage', type: 'integer' },
  { name: 'price_cents', type: 'bigint' },
  text('status'),
  text('condition'),
  text('location'),
  text('contact_name'),
  text('contact_phone'),
  text('contact_email'),
  { name: 'features', type: 'text[]' },
  text('notes'),
];

type Stored = Values & { id: string; user_id: string };

function known(columns: readonly Column[], row: Stored, extra: Partial<Known> = {}): Known {
  const values: Values = {};
  for (const c of columns) values[c.name] = row[c.name];
  return { id: row.id, user_id: row.user_id, values, kept: [], dealStatuses: [], ...extra };
}

/** A record's importable columns, each present (null when the file leaves it out), as the insert of a whole row writes. */
const columnValues = (columns: readonly Column[], record: Known) =>
  Object.fromEntries(columns.map((c) => [c.name, record.values[c.name] ?? null]));

/** Records as `jsonb_to_recordset` reads them: id, the owner when inserting, and values. */
export const recordset = (records: Iterable<Known>, withOwner: boolean) =>
  JSON.stringify([...records].map((r) => ({ id: r.id, ...(withOwner ? { user_id: r.user_id } : {}), ...r.values })));

const customers: ImportKindSpec = {
  table: 'customers',
  noun: { one: 'customer', many: 'customers' },
  columns: customerColumns,
  schema: customerImportSchema,
  columnOf: (field) => (field === 'budget' ? 'budget_cents' : field),
  rowKeys: (values) => {
    const email = emailKey(values.email as string | null);
    const phone = phoneKeys(values.phone as string | null);
    return [...(email ? [`e:${email}`] : []), ...(phone ? phone.digits.map((d) => `p:${d}`) : [])];
  },
  recordKeys: (values) => {
    const email = emailKey(values.email as string | null);
    const phone = values.phone ? digitsOf(values.phone as string) : '';
    return [...(email ? [`e:${email}`] : []), ...(phone ? [`p:${phone}`] : [])];
  },
  noKey: 'Needs an e-mail address or a phone number to match the customer on',
  othersRecord: "This e-mail or phone belongs to another agent's customer, which you cannot change",
  lookup: async (db, keys, lock) => {
    const emails = keys.filter((k) => k.startsWith('e:')).map((k) => k.slice(2));
    const phones = keys.filter((k) => k.startsWith('p:')).map((k) => k.slice(2));
    const { rows } = await sql<Stored & { referred_by_customer_id: string | null }>`
      SELECT t.id, t.user_id, t.referred_by_customer_id, ${selectColumns(customerColumns)}
      FROM customers t
      WHERE lower(t.email) = ANY(${emails}::text[])
         OR (t.phone IS NOT NULL AND regexp_replace(t.phone, '\\D', '', 'g') = ANY(${phones}::text[]))
      ORDER BY t.created_at, t.id
      ${lock ? sql`FOR UPDATE` : sql``}`.execute(db);
    return rows.map((row) => known(customerColumns, row, { kept: row.referred_by_customer_id ? ['referred_by_name'] : [] }));
  },
  insert: async (db, actor, records, importId) => {
    const written = await insertCustomers(
      db,
      actor,
      records.map(
        (record) => ({ ...columnValues(customerColumns, record), id: record.id, user_id: record.user_id }) as NewCustomer,
      ),
      { origin: 'import', audit: { changes: (row) => ({ name: row.name, source: 'import', import: importId }) } },
    );
    return written.map(({ row }) => row);
  },
  references: [
    { table: 'deals', column: 'customer_id' },
    { table: 'customer_documents', column: 'customer_id' },
    { table: 'contact_consents', column: 'customer_id' },
    { table: 'emails', column: 'customer_id' },
    { table: 'minor_agreements', column: 'customer_id' },
    { table: 'leads', column: 'customer_id' },
    { table: 'customers', column: 'referred_by_customer_id' },
    { table: 'texts', column: 'customer_id' },
  ],
  // What the import itself set going for a new customer: the action plan started on it, its steps' tasks, and the
  // wait for an answer to its first message.
  removedWith: [
    { table: 'plan_runs', column: 'customer_id' },
    { table: 'tasks', column: 'customer_id' },
    { table: 'conversation_waits', column: 'customer_id' },
  ],
};

const vehicles: ImportKindSpec = {
  table: 'vehicles',
  noun: { one: 'vehicle', many: 'vehicles' },
  columns: vehicleColumns,
  schema: vehicleImportSchema,
  columnOf: (field) => (field === 'price' ? 'price_cents' : field),
  rowKeys: (values) => (values.vin ? [`v:${values.vin as string}`] : []),
  recordKeys: (values) => (values.vin ? [`v:${values.vin as string}`] : []),
  noKey: 'Needs a VIN to match the vehicle on',
  othersRecord: "This VIN belongs to another agent's vehicle, which you cannot change",
  lookup: async (db, keys, lock) => {
    const vins = keys.map((k) => k.slice(2));
    const { rows } = await sql<Stored & { deal_statuses: string[] | null }>`
      SELECT t.id, t.user_id, ${selectColumns(vehicleColumns)},
        (SELECT array_agg(DISTINCT d.status) FROM deals d WHERE d.vehicle_id = t.id) AS deal_statuses
      FROM vehicles t
      WHERE t.vin = ANY(${vins}::text[])
      ORDER BY t.created_at, t.id
      ${lock ? sql`FOR UPDATE OF t` : sql``}`.execute(db);
    return rows.map((row) => known(vehicleColumns, row, { dealStatuses: row.deal_statuses ?? [] }));
  },
  insert: async (db, _actor, records) => {
    const columns = sql.join(vehicleColumns.map((c) => sql.ref(c.name)));
    const { rows } = await sql<{ id: string; updated_at: Date }>`
      INSERT INTO vehicles (id, user_id, ${columns})
      SELECT id, user_id, ${columns}
      FROM jsonb_to_recordset(${recordset(records, true)}::jsonb) AS i(${recordsetColumns(vehicles, true)})
      RETURNING id, updated_at`.execute(db);
    return rows;
  },
  references: [
    { table: 'deals', column: 'vehicle_id' },
    { table: 'offer_images', column: 'vehicle_id' },
    { table: 'vehicle_photos', column: 'vehicle_id' },
    { table: 'vehicle_buyers_guides', column: 'vehicle_id' },
  ],
  // An appointment to see the vehicle stays, without it.
  removedWith: [{ table: 'tasks', column: 'vehicle_id' }],
};

export const importKindSpecs: Record<ImportKind, ImportKindSpec> = { customers, vehicles };

/** `jsonb_to_recordset`'s column list: the record id, and the owner when inserting, then the importable columns. */
export function recordsetColumns(spec: ImportKindSpec, withOwner: boolean) {
  const columns = [
    sql`id uuid`,
    ...(withOwner ? [sql`user_id uuid`] : []),
    ...spec.columns.map((c) => sql`${sql.ref(c.name)} ${sql.raw(c.type)}`),
  ];
  return sql.join(columns);
}
