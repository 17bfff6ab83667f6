import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { compileSerializer, nullableWithoutAnyOf } from '../../src/server/http/serializer.js';

const schema = z.object({
  outcome: z.enum(['reached', 'no_answer']).nullable(),
  note: z.string().nullable(),
  minutes: z.number().nullable(),
  done: z.boolean().nullable(),
  at: z.string().nullable(),
  next: z.object({ id: z.string(), view: z.enum(['today', 'overdue']).nullable() }).nullable(),
  tags: z.array(z.enum(['vip', 'cash']).nullable()),
});

describe('the response serializer', () => {
  it('writes nullable enums, scalars and objects as JSON.stringify does, set or null', () => {
    const write = compileSerializer(schema);
    const set = {
      outcome: 'no_answer',
      note: 'Said "call \\ back"\n',
      minutes: 30,
      done: false,
      at: new Date('2026-12-06T10:00:00.123Z'),
      next: { id: 'a1', view: 'today' },
      tags: ['vip', null],
    };
    const unset = { outcome: null, note: null, minutes: null, done: null, at: null, next: null, tags: [] };
    expect(write(set)).toBe(JSON.stringify(set));
    expect(write(unset)).toBe(JSON.stringify(unset));
    expect(write({ ...set, next: { id: 'a2', view: null } })).toBe(JSON.stringify({ ...set, next: { id: 'a2', view: null } }));
    // A field the schema does not name is not written.
    expect(JSON.parse(write({ ...set, secret: 'x' }))).not.toHaveProperty('secret');
  });

  it('turns a nullable scalar\u2019s anyOf into a list of types, and a nullable object\u2019s into a nullable object', () => {
    const json = z.toJSONSchema(schema, { target: 'draft-07', io: 'output' }) as {
      properties: Record<string, { anyOf?: unknown[] }>;
    };
    expect(json.properties.outcome!.anyOf).toHaveLength(2);
    const properties = (nullableWithoutAnyOf(json) as typeof json).properties;
    expect(properties.outcome).toEqual({ type: ['string', 'null'], enum: ['reached', 'no_answer', null] });
    expect(properties.next).toMatchObject({ type: 'object', nullable: true });
    expect(JSON.stringify(properties)).not.toContain('anyOf');
  });
});
