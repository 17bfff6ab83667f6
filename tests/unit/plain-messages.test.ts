import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { customerInputSchema, customerListQuerySchema } from '../../src/shared/customers/schemas.js';
import { customerImportSchema, importMappingBodySchema, vehicleImportSchema } from '../../src/shared/imports/schemas.js';
import { vehicleInputSchema } from '../../src/shared/vehicles/schemas.js';
import { ZOD_WORDING, arbitraryFor, hostileValues, jsonSchemaOf } from '../helpers/fuzz.js';

const sharedDir = path.resolve(import.meta.dirname, '../../src/shared');
/** Every module of src/shared. */
const files = fs
  .readdirSync(sharedDir, { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.ts'))
  .sort();
const load = (file: string) => import(path.join(sharedDir, file)) as Promise<Record<string, unknown>>;

type Schema = z.ZodType & { safeParse: (value: unknown) => z.ZodSafeParseResult<unknown> };

const schemas = (
  await Promise.all(
    files.map(async (file) =>
      Object.entries(await load(file))
        .filter((entry): entry is [string, Schema] => entry[1] instanceof z.ZodType)
        .map(([name, schema]) => ({ where: `${file} ${name}`, schema })),
    ),
  )
).flat();

/** Well-formed values, values mixed with hostile fields, and each top-level field in turn replaced or left out. */
function inputsFor(schema: Schema): unknown[] {
  const json = jsonSchemaOf(schema);
  const inputs = [...fc.sample(arbitraryFor(json, 0), 20), ...fc.sample(arbitraryFor(json, 0.3), 200), ...hostileValues];
  const base = fc.sample(arbitraryFor(json, 0), 1)[0];
  if (base && typeof base === 'object' && !Array.isArray(base)) {
    for (const key of Object.keys(json.properties ?? {})) {
      inputs.push({ ...base, [key]: undefined });
      for (const value of [...hostileValues, 'x'.repeat(100_000), Array(500).fill('x'), -1e6])
        inputs.push({ ...base, [key]: value });
    }
  }
  return inputs;
}

function messagesOf(schema: Schema, value: unknown) {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
}

const firstMessage = (schema: Schema, value: unknown) => messagesOf(schema, value)[0]?.message;

describe('messages a person reads', () => {
  // Every schema of src/shared, each with a few hundred inputs: its time grows with the schemas, so it has its own.
  it('never use zod’s own wording, for any schema of src/shared and any input', { timeout: 120_000 }, () => {
    expect(schemas.length).toBeGreaterThan(100);
    const found = new Set<string>();
    for (const { where, schema } of schemas) {
      for (const input of inputsFor(schema))
        for (const { path, message } of messagesOf(schema, input))
          if (ZOD_WORDING.test(message)) found.add(`${where} ${path}: ${message}`);
    }
    expect([...found].slice(0, 20)).toEqual([]);
  });

  it('name the field, the choices of a list and the limit of a length, and keep the spec’s words', () => {
    const customer = { name: 'Olivia Smith' };
    const vehicle = { make: 'BMW', model: 'X5', year: 2020, price_cents: 1 };
    expect(firstMessage(customerInputSchema, { ...customer, status: 'gold' })).toBe(
      'Status must be active, prospect or inactive',
    );
    expect(firstMessage(vehicleInputSchema, { ...vehicle, status: 'gone' })).toBe(
      'Status must be available, pending, sold or reserved',
    );
    expect(firstMessage(customerInputSchema, { name: 'x'.repeat(201) })).toBe('Name must be at most 200 characters');
    expect(firstMessage(customerInputSchema, { ...customer, notes: 'x'.repeat(5001) })).toBe(
      'Notes must be at most 5,000 characters',
    );
    expect(firstMessage(customerInputSchema, { ...customer, phone: 7 })).toBe('Phone must be text');
    expect(firstMessage(customerInputSchema, { ...customer, preferred_cars: 'SUV' })).toBe('Car preferences must be a list');
    expect(firstMessage(customerInputSchema, { ...customer, lead_source: 'Billboard' })).toBe(
      'Lead source must be Referral, Website, Social Media, Walk-in, Phone or Other',
    );
    expect(firstMessage(customerListQuerySchema, { limit: '500' })).toBe('Page size must be at most 100');
    expect(firstMessage(importMappingBodySchema, { mapping: { name: -1 } })).toBe('Choose a column of the file');
    expect(firstMessage(customerImportSchema, { name: 'Ann', email: 'ann@example.com', status: 'vip' })).toBe(
      'Status must be active, prospect or inactive',
    );
    expect(firstMessage(vehicleImportSchema, { make: 'BMW', model: 'X5', year: 2020, price: 1, color: 'x'.repeat(41) })).toBe(
      'Color must be at most 40 characters',
    );

    // The spec's own messages stay word for word.
    expect(firstMessage(customerInputSchema, {})).toBe('Name is required');
    expect(firstMessage(customerInputSchema, { name: 42 })).toBe('Name is required');
    expect(firstMessage(customerInputSchema, { name: '   ' })).toBe('Name is required');
    expect(firstMessage(customerInputSchema, { name: 'Ann', email: 'ann' })).toBe('Invalid email');
    expect(firstMessage(vehicleInputSchema, { model: 'X5', year: 2020, price_cents: 1 })).toBe('Make is required');
    expect(firstMessage(vehicleInputSchema, { make: 'BMW', model: 'X5', year: 1800, price_cents: 1 })).toBe('Invalid year');
  });

  // A screen loads only the modules it needs: each that builds a schema must bring the plain words with it.
  it('are in place whichever module of src/shared is loaded first', async () => {
    const config = z.config() as { customError?: unknown };
    const missing: string[] = [];
    for (const file of files) {
      vi.resetModules();
      delete config.customError;
      const exports = await load(file);
      if (Object.values(exports).some((value) => value instanceof z.ZodType) && !config.customError) missing.push(file);
    }
    expect(missing).toEqual([]);
  });
});
