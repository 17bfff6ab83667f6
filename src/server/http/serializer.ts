import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler, FastifyTypeProvider } from 'fastify';
import { z } from 'zod';

/**
 * Response schemas are the zod schemas in `src/shared` that also give the API its types. Each is compiled once to
 * JSON Schema and then to a fast-json-stringify function, which writes only the fields the schema names (a column
 * added to a table never reaches a client by accident) and writes a row's Date as ISO text. Measured on a page of 25
 * customers (`npm run bench:serializer`), it is faster than JSON.stringify and than zod's own encode.
 */
export function compileSerializer(schema: z.ZodType): (data: unknown) => string {
  const jsonSchema = z.toJSONSchema(schema, { target: 'draft-07', io: 'output', unrepresentable: 'any' });
  return fastJson(nullableWithoutAnyOf(jsonSchema) as Parameters<typeof fastJson>[0]);
}

type JsonSchema = { [key: string]: unknown };
const SCALARS = new Set(['string', 'number', 'integer', 'boolean']);
const isNull = (schema: unknown) => (schema as JsonSchema).type === 'null';

/**
 * zod writes a nullable value as `anyOf: [{ …the value }, { type: 'null' }]`, and fast-json-stringify writes an
 * `anyOf` by testing each branch against the value with a validator — a whole object for a nullable one: on the
 * team's calendar week (2,000 tasks, three nullable enums each) that made it twice as slow as JSON.stringify. Such an
 * `anyOf` becomes what it writes by the value alone: `type: [scalar, 'null']` (an enum or const then lets null through,
 * for where a value is still checked), or the object or array with `nullable: true`.
 */
export function nullableWithoutAnyOf(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(nullableWithoutAnyOf);
  if (!schema || typeof schema !== 'object') return schema;
  const { anyOf, ...rest } = schema as JsonSchema;
  if (Array.isArray(anyOf) && anyOf.length === 2 && anyOf.some(isNull)) {
    const value = nullableWithoutAnyOf(anyOf.find((branch) => !isNull(branch))) as JsonSchema;
    if (value.type === 'object' || value.type === 'array') return { ...rest, ...value, nullable: true };
    if (typeof value.type === 'string' && SCALARS.has(value.type)) {
      const { enum: values, const: only, ...scalar } = value;
      const allowed = (values as unknown[] | undefined) ?? (only === undefined ? undefined : [only]);
      return { ...rest, ...scalar, type: [value.type, 'null'], ...(allowed && { enum: [...allowed, null] }) };
    }
  }
  return Object.fromEntries(Object.entries(schema).map(([key, value]) => [key, nullableWithoutAnyOf(value)]));
}

/**
 * Fastify asks for every route's serializer as the app gets ready; each is compiled on its route's first reply
 * instead, which took a restart's time for routes a process may never answer (`tests/api/responses.test.ts` compiles
 * them all).
 */
export const serializerCompiler: FastifySerializerCompiler<z.ZodType> = ({ schema }) => {
  let stringify: ((data: unknown) => string) | undefined;
  return (data) => (stringify ??= compileSerializer(schema))(data);
};

/** What a handler may return for a response schema: the wire's value, or a Date wherever the wire has text. */
type Serializable<T> = T extends string
  ? T | Date
  : T extends readonly (infer U)[]
    ? Serializable<U>[]
    : T extends object
      ? { [K in keyof T]: Serializable<T[K]> }
      : T;

/** fastify-type-provider-zod's provider, with replies typed as `serializerCompiler` above writes them. */
// eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- a type provider reads `this`
export interface TypeProvider extends FastifyTypeProvider {
  validator: this['schema'] extends z.ZodType ? z.output<this['schema']> : unknown;
  serializer: this['schema'] extends z.ZodType ? Serializable<z.output<this['schema']>> : unknown;
}
