/** What a CSV file can be imported as, the fields a column can fill, and how a file's headers suggest them. */
export const importKinds = ['customers', 'vehicles'] as const;
export type ImportKind = (typeof importKinds)[number];

export type ImportField = {
  key: string;
  /** The column's header in Torque's own export, so an exported file maps itself. */
  label: string;
  /** Other headers that mean the same field. */
  aliases?: readonly string[];
  /** The mapping must name a column for it. */
  required?: boolean;
};

export const importFields: Record<ImportKind, readonly ImportField[]> = {
  customers: [
    { key: 'name', label: 'Name', aliases: ['full name', 'customer', 'customer name'], required: true },
    { key: 'email', label: 'Email', aliases: ['e-mail', 'email address', 'mail'] },
    { key: 'phone', label: 'Phone', aliases: ['phone number', 'mobile', 'cell', 'telephone'] },
    { key: 'location', label: 'Location', aliases: ['city', 'address'] },
    { key: 'status', label: 'Status' },
    { key: 'preferred_cars', label: 'Car Preferences', aliases: ['preferences', 'preferred cars'] },
    { key: 'lead_source', label: 'Lead Source', aliases: ['source'] },
    { key: 'budget', label: 'Budget' },
    { key: 'referred_by_name', label: 'Referred By', aliases: ['referrer', 'referral'] },
    { key: 'birthday', label: 'Birthday', aliases: ['date of birth', 'dob'] },
    { key: 'notes', label: 'Notes', aliases: ['note', 'comments'] },
  ],
  vehicles: [
    { key: 'year', label: 'Year', aliases: ['model year'], required: true },
    { key: 'make', label: 'Make', aliases: ['manufacturer', 'brand'], required: true },
    { key: 'model', label: 'Model', required: true },
    { key: 'vin', label: 'VIN', aliases: ['vehicle identification number'], required: true },
    { key: 'color', label: 'Color', aliases: ['colour', 'exterior color'] },
    { key: 'mileage', label: 'Mileage', aliases: ['miles', 'odometer'] },
    { key: 'price', label: 'Price', aliases: ['asking price', 'list price'], required: true },
    { key: 'status', label: 'Status' },
    { key: 'condition', label: 'Condition', aliases: ['new/used', 'new or used', 'type'] },
    { key: 'location', label: 'Location' },
    { key: 'contact_name', label: 'Contact Name' },
    { key: 'contact_phone', label: 'Contact Phone' },
    { key: 'contact_email', label: 'Contact Email' },
    { key: 'features', label: 'Features', aliases: ['options'] },
    { key: 'notes', label: 'Notes', aliases: ['note', 'comments'] },
  ],
};

/** Columns a customer is matched on: at least one of them must be mapped. */
export const CUSTOMER_MATCH_FIELDS = ['email', 'phone'] as const;

/** Which column (by position) fills each field; null leaves the field as it is (or its default for a new record). */
export type ImportMapping = Record<string, number | null>;

const comparable = (header: string) => header.toLowerCase().replace(/[^a-z0-9]/g, '');

/** The column each field most likely comes from: its export header, its key or an alias, ignoring case and spacing. */
export function suggestMapping(kind: ImportKind, headers: readonly string[]): ImportMapping {
  const columns = headers.map(comparable);
  const mapping: ImportMapping = {};
  for (const field of importFields[kind]) {
    const names = [field.label, field.key, ...(field.aliases ?? [])].map(comparable);
    const index = columns.findIndex((column) => column !== '' && names.includes(column));
    mapping[field.key] = index >= 0 ? index : null;
  }
  return mapping;
}

/** What is wrong with a mapping, as the message to show; null when it can be used. */
export function mappingProblem(kind: ImportKind, mapping: ImportMapping, columnCount: number): string | null {
  const fields = importFields[kind];
  for (const key of Object.keys(mapping)) {
    if (!fields.some((f) => f.key === key)) return `There is no field called '${key}'`;
    const index = mapping[key];
    if (index !== null && index !== undefined && (index < 0 || index >= columnCount)) return 'Choose a column of the file';
  }
  const unmapped = (key: string) => mapping[key] === null || mapping[key] === undefined;
  const missing = fields.find((f) => f.required && unmapped(f.key));
  if (missing) return `Choose the column for ${missing.label}`;
  if (kind === 'customers' && CUSTOMER_MATCH_FIELDS.every(unmapped))
    return 'Choose the column for Email or Phone: customers are matched on them';
  return null;
}

/** Rows listed by the dry run and the summary; the counts cover every row. */
export const LISTED_INVALID_ROWS = 200;
/** More rows than this are refused: split the file. */
export const MAX_IMPORT_ROWS = 50_000;
/** An import can be undone for this long after it was made. */
export const UNDO_WINDOW_MS = 60 * 60 * 1000;
