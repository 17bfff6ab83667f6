/**
 * The load generator, a process of its own so its work never shares the server's event loop:
 *   tsx bench/load.ts '{"url":"http://127.0.0.1:3000","cookie":"…","paths":["/api/customers"],"connections":32,"seconds":10}'
 * Sends GET requests over `connections` keep-alive connections for `seconds` (after a two-second warm-up that is not
 * counted), each connection going round `paths`. Prints 'measuring' as the counted run begins, then one JSON line: the
 * latency percentiles (ms), the requests per second and how many answered other than 200 or not at all (10 s is the
 * longest wait).
 *
 * The load is wrk's (Debian's `wrk`, in C, like pgbench): on two cores the generator shares the machine with the
 * server and the database, and a generator in Node spent as much CPU a request as the server itself.
 * LOAD_GENERATOR=autocannon runs the earlier one, for figures comparable with those measured with it.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import autocannon from 'autocannon';
import { percentile } from './percentile.js';

export type LoadPlan = { url: string; cookie: string; paths: string[]; connections: number; seconds: number };
export type LoadResult = {
  count: number;
  p50: number;
  p95: number;
  p99: number;
  perSecond: number;
  failed: number;
  firstFailure: string | null;
};

const plan = JSON.parse(process.argv[2] ?? '{}') as LoadPlan;

function wrk(seconds: number): LoadResult {
  const result = spawnSync(
    'wrk',
    ['-t', '1', '-c', String(plan.connections), '-d', `${seconds}s`, '--timeout', '10s'].concat([
      '-s',
      path.join(import.meta.dirname, 'load.lua'),
      plan.url,
      '--',
      plan.cookie,
      ...plan.paths,
    ]),
    { encoding: 'utf8' },
  );
  if (result.error) throw new Error(`wrk: ${result.error.message} (apt-get install wrk)`);
  const line = /^result (.*)$/m.exec(result.stdout ?? '');
  if (!line) throw new Error(`wrk failed: ${result.stderr || result.stdout}`);
  return JSON.parse(line[1]!) as LoadResult;
}

async function autocannonRun(seconds: number): Promise<LoadResult> {
  const latencies: number[] = [];
  let failed = 0;
  let firstFailure: string | null = null;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: plan.url,
        connections: plan.connections,
        duration: seconds,
        headers: { cookie: plan.cookie },
        requests: plan.paths.map((path) => ({ method: 'GET' as const, path })),
      },
      (error, done) => (error ? reject(error) : resolve(done)),
    );
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      latencies.push(responseTime);
      if (statusCode !== 200) {
        failed++;
        firstFailure ??= `${statusCode}`;
      }
    });
  });
  latencies.sort((a, b) => a - b);
  const at = (p: number) => (latencies.length ? percentile(latencies, p) : 0);
  return {
    count: latencies.length,
    p50: at(0.5),
    p95: at(0.95),
    p99: at(0.99),
    perSecond: result.requests.total / seconds,
    failed: failed + result.errors + result.timeouts,
    firstFailure,
  };
}

const run = process.env.LOAD_GENERATOR === 'autocannon' ? autocannonRun : async (seconds: number) => wrk(seconds);
await run(2);
// The line that says the measured run begins: the bench reads the processes' CPU time from here.
process.stdout.write('measuring\n');
process.stdout.write(`${JSON.stringify(await run(plan.seconds))}\n`);
