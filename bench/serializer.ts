/**
 * The response serializer alone: `npx tsx bench/serializer.ts`. One page of 25 customers, as the customer list's
 * handler returns it (moments as Date), written by the compiled response schema (src/server/http/serializer.ts) and
 * by JSON.stringify, which Fastify uses for a route without one. In-process on purpose: it times one function, not
 * an endpoint; the endpoint benchmarks are the other files here.
 */
import { randomUUID } from 'node:crypto';
import { serializerCompiler } from '../src/server/http/serializer.js';
import { customerPageSchema } from '../src/shared/customers/types.js';

const page = {
  items: Array.from({ length: 25 }, (_, i) => ({
    id: randomUUID(),
    user_id: randomUUID(),
    name: `Olivia Smith ${i}`,
    email: `olivia${i}@example.com`,
    phone: '(512) 555-0100',
    location: 'Austin, TX',
    status: 'active' as const,
    preferred_cars: ['SUV', 'Luxury'],
    referred_by_customer_id: null,
    referred_by_name: null,
    birthday: '1984-02-03',
    notes: 'Wants a "family" SUV before spring',
    lead_source: 'Website' as const,
    lead_source_name: i % 2 ? null : 'Dealer website',
    lead_channel: i % 2 ? null : ('form' as const),
    budget_cents: 4_500_000,
    pipeline_stage: null,
    created_at: new Date(),
    updated_at: new Date(),
    open_tasks: i % 3,
    next_task:
      i % 3
        ? {
            id: randomUUID(),
            type: 'call' as const,
            title: 'Call back',
            due_date: '2026-12-07',
            due_time: null,
            view: 'upcoming' as const,
          }
        : null,
  })),
  nextCursor: 'eyJrIjoiMjAyNiJ9',
};

const compiled = serializerCompiler({ schema: customerPageSchema, method: 'GET', url: '/api/customers', httpStatus: '200' });
if (compiled(page) !== JSON.stringify(page)) throw new Error('The two serializers disagree');

const RUNS = 50_000;
function measure(label: string, serialize: () => string) {
  for (let i = 0; i < 5_000; i++) serialize();
  const start = performance.now();
  for (let i = 0; i < RUNS; i++) serialize();
  const micros = ((performance.now() - start) * 1000) / RUNS;
  console.log(`${label.padEnd(28)} ${micros.toFixed(1).padStart(6)} µs per page`);
  return micros;
}
const schema = measure('response schema (compiled)', () => compiled(page));
const plain = measure('JSON.stringify', () => JSON.stringify(page));
console.log(`compiled / JSON.stringify: ${(schema / plain).toFixed(2)}`);
