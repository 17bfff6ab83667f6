import fc from 'fast-check';
import { z } from 'zod';

/**
 * Request payloads generated from the shared zod schemas the routes validate with (through their JSON Schema):
 * mostly well-formed values, mixed with the input that has broken servers before — NUL bytes, lone surrogates,
 * impossible dates, huge numbers and strings, wrong types, extra fields.
 */

type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  format?: string;
};

const hostileStrings = [
  '\u0000',
  'Ann\u0000Smith',
  '\ud800',
  'a\udc00b',
  '\ufffe',
  '2023-02-29',
  '2025-02-30',
  '0000-01-01',
  '2024-13-01',
  '9999-12-31T23:59:60Z',
  '1e400',
  '-1',
  'NaN',
  'null',
  '',
  ' ',
  '   \t\n',
  "'; DROP TABLE customers;--",
  '%',
  '_',
  '\\',
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '=HYPERLINK("x")',
  '😀'.repeat(50),
  'x'.repeat(10_000),
  '00000000-0000-0000-0000-000000000000',
  'not-a-uuid',
];
const hostileNumbers = [
  -1,
  -0.5,
  0.5,
  1e308,
  -1e308,
  2 ** 53,
  2 ** 63,
  1_000_000_000_01,
  Number.MAX_SAFE_INTEGER + 2,
  1900.5,
  99999,
];
export const hostileValues: unknown[] = [
  null,
  true,
  false,
  [],
  {},
  [null],
  { nested: { deep: '\u0000' } },
  ...hostileStrings,
  ...hostileNumbers,
];

export const hostile = fc.constantFrom(...hostileValues);

/** zod's own wording ('Invalid input: expected string, received number', 'Too big: …'), which no person should read. */
export const ZOD_WORDING =
  /Invalid input|Invalid option|Too big|Too small|\bexpected\b|, received\b|Invalid (string|number|key|value|discriminator|UUID|ISO)|Unrecognized key/;

/** Calendar days, sometimes ones that do not exist. */
const dayLike = fc.oneof(
  fc
    .date({ min: new Date('1900-01-01'), max: new Date('2100-12-31'), noInvalidDate: true })
    .map((d) => d.toISOString().slice(0, 10)),
  fc
    .tuple(fc.integer({ min: 0, max: 9999 }), fc.integer({ min: 0, max: 13 }), fc.integer({ min: 0, max: 32 }))
    .map(([y, m, d]) => `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`),
);

/** Field names whose values are dates in Torque's schemas, which JSON Schema cannot say. */
const dayFields = new Set(['date', 'birthday', 'added_from', 'added_to']);

function stringArbitrary(schema: JsonSchema): fc.Arbitrary<string> {
  if (schema.format === 'uuid') return fc.uuid();
  if (schema.format === 'date-time') return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
  if (schema.format === 'email') return fc.emailAddress();
  const maxLength = Math.min(schema.maxLength ?? 60, 80);
  return fc.string({
    minLength: schema.minLength ?? 0,
    maxLength,
    unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz ABCXYZ0123456789-.@éü'.split('')),
  });
}

function numberArbitrary(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const min = Math.max(schema.minimum ?? -1_000_000, -1e12);
  const max = Math.min(schema.maximum ?? 1_000_000, 1e12);
  return integer
    ? fc.integer({ min: Math.ceil(min), max: Math.floor(max) })
    : fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
}

/** A value for `schema`; with `mix` > 0 each field is replaced by a hostile value that often. */
export function arbitraryFor(schema: JsonSchema, mix: number, name = ''): fc.Arbitrary<unknown> {
  const wellFormed = wellFormedFor(schema, mix, name);
  if (mix <= 0) return wellFormed;
  return fc.oneof(
    { arbitrary: wellFormed, weight: Math.round((1 - mix) * 100) },
    { arbitrary: hostile, weight: Math.round(mix * 100) },
  );
}

function wellFormedFor(schema: JsonSchema, mix: number, name: string): fc.Arbitrary<unknown> {
  if (dayFields.has(name)) return dayLike;
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const options = schema.anyOf ?? schema.oneOf;
  if (options) return fc.oneof(...options.map((option) => wellFormedFor(option, mix, name)));
  const types = [schema.type ?? 'string'].flat();
  if (types.length > 1) return fc.oneof(...types.map((type) => wellFormedFor({ ...schema, type }, mix, name)));
  switch (types[0]) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer':
      return numberArbitrary(schema, true);
    case 'number':
      return numberArbitrary(schema, false);
    case 'array':
      return fc.array(arbitraryFor(schema.items ?? {}, mix), { maxLength: Math.min(schema.maxItems ?? 5, 8) });
    case 'object': {
      const properties = schema.properties ?? {};
      const required = new Set(schema.required ?? []);
      const fields = Object.fromEntries(Object.entries(properties).map(([key, value]) => [key, arbitraryFor(value, mix, key)]));
      const record = fc.record(fields, { requiredKeys: Object.keys(properties).filter((key) => required.has(key) || mix <= 0) });
      return mix <= 0
        ? record
        : fc
            .tuple(record, fc.option(fc.dictionary(fc.string({ maxLength: 8 }), hostile, { maxKeys: 2 })))
            .map(([r, extra]) => ({ ...extra, ...r }));
    }
    default:
      return stringArbitrary(schema);
  }
}

export function jsonSchemaOf(schema: unknown): JsonSchema {
  return z.toJSONSchema(schema as z.ZodType, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

/** Payloads for a body schema: a fifth entirely well-formed, most mixed with hostile fields, some not even objects. */
export function bodyArbitrary(schema: unknown): fc.Arbitrary<unknown> {
  const json = jsonSchemaOf(schema);
  return fc.oneof(
    { arbitrary: arbitraryFor(json, 0), weight: 2 },
    { arbitrary: arbitraryFor(json, 0.15), weight: 6 },
    { arbitrary: fc.oneof(hostile, fc.jsonValue()), weight: 1 },
  );
}

/** Query strings for a querystring schema, with raw fragments no form would send. */
export function queryArbitrary(schema: unknown): fc.Arbitrary<string> {
  const json = jsonSchemaOf(schema);
  const fromSchema = fc.oneof(arbitraryFor(json, 0), arbitraryFor(json, 0.2)).map((value) => {
    const params = new URLSearchParams();
    for (const [key, v] of Object.entries((value as Record<string, unknown>) ?? {})) {
      if (v !== undefined) params.append(key, typeof v === 'string' ? v : JSON.stringify(v));
    }
    return params.toString();
  });
  const raw = fc.constantFrom(
    'q=%00',
    'q=%ED%A0%80',
    'q=%',
    'q=%ZZ',
    'limit=-1',
    'limit=1e3',
    'q[a]=b',
    'q=a&q=b',
    'cursor=%FF%FE',
    'year=99999999999999999999',
  );
  return fc.oneof({ arbitrary: fromSchema, weight: 5 }, { arbitrary: raw, weight: 1 });
}

/** Path ids: nonsense, ids that exist nowhere, and (when given) the records a caller owns. */
export function idArbitrary(known: string[]): fc.Arbitrary<string> {
  const nonsense = fc.oneof(fc.string({ maxLength: 40 }), fc.constantFrom('%00', '%ED%A0%80', 'x'.repeat(300), '..%2F..', '0'));
  return fc.oneof(fc.uuid(), nonsense.map(encodeURIComponent), ...(known.length ? [fc.constantFrom(...known)] : []));
}

/** A multipart upload: the file's bytes and name at random, the body often cut short or malformed. */
export const uploadArbitrary = fc
  .record({
    name: fc.oneof(
      fc.string({ maxLength: 40 }),
      fc.constantFrom('a\u0000.pdf', '../../x.pdf', '"quoted".pdf', 'é.png', 'x'.repeat(400)),
    ),
    content: fc.oneof(fc.uint8Array({ maxLength: 2048 }), fc.constant(new TextEncoder().encode('%PDF-1.4\n%broken'))),
    cut: fc.option(fc.integer({ min: 0, max: 3000 })),
    boundary: fc.oneof(fc.constant('torque-fuzz'), fc.string({ maxLength: 10 })),
  })
  .map(({ name, content, cut, boundary }) => {
    const head = Buffer.from(
      `--torque-fuzz\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/pdf\r\n\r\n`,
    );
    const body = Buffer.concat([head, Buffer.from(content), Buffer.from('\r\n--torque-fuzz--\r\n')]);
    return {
      payload: cut === null ? body : body.subarray(0, cut),
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    };
  });
