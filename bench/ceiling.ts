/**
 * Node's own ceiling for a request (`CEILING=1 npm run bench`): a server of node:http alone that answers each benchmarked
 * path by sending the statements Torque sent for it — the same text, in the same protocol, through node-postgres with
 * Torque's readers of values, on a pool as large as Torque's — and writing their rows with JSON.stringify. No routing,
 * session, validation, query builder or response schema: what is left is what any Node server with node-postgres pays
 * for this SQL and this data. Torque's answers over this server's show what Torque's own layers cost.
 *
 *   node --import tsx bench/ceiling.ts '{"port":…,"databaseUrl":"…","paths":{"/api/customers":{"statements":[…],"mode":"prepared"}}}'
 */
import http from 'node:http';
import { createHash } from 'node:crypto';
import pg from 'pg';
import { setTypeParsers } from '../src/server/db/type-parsers.js';

export type CeilingPlan = {
  port: number;
  databaseUrl: string;
  /** Each path's statements, values written in, and the protocol Torque sent them in (as the floor's pgbench). */
  paths: Record<string, { statements: string[]; mode: 'simple' | 'extended' | 'prepared' }>;
};

const plan = JSON.parse(process.argv[2]!) as CeilingPlan;
setTypeParsers();
// As Torque's pool (db/connection.ts): ten connections, without JIT.
const pool = new pg.Pool({
  connectionString: plan.databaseUrl,
  max: 10,
  onConnect: async (client) => {
    await client.query('SET jit = off');
  },
});

type Sent = { text: string; name?: string; queryMode?: 'extended' };
const requests = new Map<string, Sent[]>(
  Object.entries(plan.paths).map(([url, { statements, mode }]) => [
    url,
    statements.map((text) =>
      mode === 'prepared'
        ? { text, name: `ceiling_${createHash('sha1').update(text).digest('hex').slice(0, 16)}` }
        : mode === 'extended'
          ? { text, queryMode: 'extended' }
          : { text },
    ),
  ]),
);

http
  .createServer((request, response) => {
    const sent = requests.get(request.url ?? '');
    if (!sent) {
      response.writeHead(404).end();
      return;
    }
    void (async () => {
      const results = [];
      for (const query of sent) results.push((await pool.query(query)).rows);
      const body = JSON.stringify(results.length === 1 ? results[0] : results);
      response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(body);
    })().catch((error: Error) => response.writeHead(500).end(error.message));
  })
  .listen(plan.port, '127.0.0.1', () => console.log('ready'));
