import { z } from 'zod';

/**
 * Plain words for every check that carries no message of its own ('Status must be active, prospect or inactive',
 * 'Notes must be at most 5,000 characters'), installed as zod's global error map when this module loads. A message a
 * schema gives (the spec's 'Name is required') always wins over these; zod's own wording ('Invalid input: expected
 * string, received number') never reaches a person.
 */

type Issue = z.core.$ZodRawIssue;

/** Said of a value whose field is not known (a whole request, a value checked on its own). */
export const NOT_VALID = 'This value is not valid';

/** Field names that do not read as words once their underscores are spaces. */
const fieldNames: Record<string, string> = {
  q: 'Search',
  tz: 'Time zone',
  id: 'ID',
  vin: 'VIN',
  limit: 'Page size',
  cursor: 'Page',
  docId: 'Document',
  preferred_cars: 'Car preferences',
  year_min: 'Year from',
  year_max: 'Year to',
  price_min: 'Price from',
  price_max: 'Price to',
};

/** 'contact_email' → 'Contact email', 'price_cents' → 'Price', 'user_ids' → 'Users', 'userId' → 'User'. */
function fieldName(key: string): string {
  if (fieldNames[key]) return fieldNames[key];
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase()
    .split('_')
    .filter(Boolean);
  const last = words.at(-1);
  if (words.length > 1 && (last === 'cents' || last === 'id')) words.pop();
  else if (words.length > 1 && last === 'ids') words.splice(-2, 2, `${words.at(-2)}s`);
  const text = words.join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** What the message is about: the field the path ends in, and which entry of a list. */
function subjectOf(path: readonly PropertyKey[] | undefined): string | null {
  const keys = path ?? [];
  const at = keys.findLastIndex((k) => typeof k === 'string');
  if (at < 0) return null;
  const entry = keys[at + 1];
  const name = fieldName(keys[at] as string);
  return typeof entry === 'number' ? `${name} (entry ${entry + 1})` : name;
}

/** 'a', 'a or b', 'a, b or c'. */
function orList(values: readonly unknown[]): string {
  const words = values.map(String).filter((v) => v !== '');
  return words.length > 1 ? `${words.slice(0, -1).join(', ')} or ${words.at(-1)}` : (words[0] ?? '');
}

const kinds: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  bigint: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  tuple: 'a list',
  set: 'a list',
  date: 'a date',
  object: 'a set of fields',
  record: 'a set of fields',
  map: 'a set of fields',
};

function wrongType(subject: string | null, issue: Extract<Issue, { code: 'invalid_type' }>) {
  const s = subject ?? 'This value';
  if (issue.input === undefined) return `${s} is required`;
  const kind = kinds[issue.expected];
  if (!kind) return `${s} is not valid`;
  return subject ? `${s} must be ${kind}` : `The request must be ${kind}`;
}

const units: Record<string, [one: string, many: string]> = {
  string: ['character', 'characters'],
  array: ['entry', 'entries'],
  set: ['entry', 'entries'],
  file: ['byte', 'bytes'],
};

/** A bound as a person writes it; the limits of a safe integer are no figure anyone typed. */
function amount(bound: number | bigint, origin: string) {
  const n = Number(bound);
  const unit = units[origin];
  if (Math.abs(n) >= Number.MAX_SAFE_INTEGER) return null;
  if (origin === 'date') return new Date(n).toISOString().slice(0, 10);
  const figure = n.toLocaleString('en-US');
  return unit ? `${figure} ${n === 1 ? unit[0] : unit[1]}` : figure;
}

function tooBig(s: string, issue: Extract<Issue, { code: 'too_big' }>) {
  const bound = amount(issue.maximum, issue.origin);
  if (bound === null) return `${s} is out of range`;
  if (issue.exact) return `${s} must be exactly ${bound}`;
  if (issue.origin === 'date') return `${s} must be on or before ${bound}`;
  return `${s} must be ${issue.inclusive ? 'at most' : units[issue.origin] ? 'fewer than' : 'less than'} ${bound}`;
}

function tooSmall(s: string, issue: Extract<Issue, { code: 'too_small' }>) {
  const bound = amount(issue.minimum, issue.origin);
  if (bound === null) return `${s} is out of range`;
  if (issue.exact) return `${s} must be exactly ${bound}`;
  if (issue.origin === 'string' && Number(issue.minimum) === 1) return `${s} is required`;
  if (units[issue.origin] && Number(issue.minimum) === 1) return `${s} needs at least one entry`;
  if (issue.origin === 'date') return `${s} must be on or after ${bound}`;
  return `${s} must be ${issue.inclusive ? 'at least' : 'more than'} ${bound}`;
}

const formats: Record<string, string> = {
  datetime: 'must be a date and time',
  date: 'must be a date (YYYY-MM-DD)',
  time: 'must be a time',
  url: 'must be a web address',
};

function badFormat(s: string, issue: Extract<Issue, { code: 'invalid_format' }>) {
  // The spec's words for an address that is not one.
  if (issue.format === 'email') return 'Invalid email';
  const words = formats[issue.format];
  if (words) return `${s} ${words}`;
  return issue.format === 'regex' || issue.format.endsWith('_with') || issue.format === 'includes'
    ? `${s} is not in the right format`
    : `${s} is not valid`;
}

/** A union of choices ('one of the sources, or blank') reads as one list of them. */
function noneMatched(s: string, issue: Extract<Issue, { code: 'invalid_union' }>) {
  const options = (issue as { options?: readonly unknown[] }).options;
  if (options?.length) return `${s} must be ${orList(options)}`;
  const branches = issue.errors;
  const choices = branches.every((b) => b.length === 1 && b[0]!.code === 'invalid_value')
    ? branches.flatMap((b) => (b[0] as { values: readonly unknown[] }).values)
    : [];
  return orList(choices) ? `${s} must be ${orList(choices)}` : `${s} is not valid`;
}

/** The message of a check that gave none. */
function plainMessage(issue: Issue): string {
  const subject = subjectOf(issue.path);
  const s = subject ?? 'This value';
  switch (issue.code) {
    case 'invalid_type':
      return wrongType(subject, issue);
    case 'invalid_value':
      return orList(issue.values) ? `${s} must be ${orList(issue.values)}` : `${s} is not valid`;
    case 'too_big':
      return tooBig(s, issue);
    case 'too_small':
      return tooSmall(s, issue);
    case 'invalid_format':
      return badFormat(s, issue);
    case 'not_multiple_of':
      return `${s} must be a multiple of ${issue.divisor}`;
    case 'unrecognized_keys':
      return `Unknown field${issue.keys.length > 1 ? 's' : ''}: ${issue.keys.join(', ')}`;
    case 'invalid_key':
    case 'invalid_element':
      return `${s} has an entry that is not valid`;
    case 'invalid_union':
      return noneMatched(s, issue);
    default:
      return subject ? `${s} is not valid` : NOT_VALID;
  }
}

z.config({ customError: plainMessage });
