/**
 * The load generator, a process of its own so its work never shares the server's event loop:
 *   tsx bench/load.ts '{"url":"http://127.0.0.1:3000","cookie":"…","paths":["/api/customers"],"connections":32,"seconds":10}'
 * Sends GET requests over `connections` keep-alive connections for `seconds` (after a two-second warm-up that is not
 * counted), each connection going round `paths`. Prints one JSON line: every response's latency, sorted (ms), the
 * requests per second and how many answered other than 200.
 */
import autocannon from 'autocannon';

export type LoadPlan = { url: string; cookie: string; paths: string[]; connections: number; seconds: number };
export type LoadResult = { latencies: number[]; perSecond: number; failed: number; firstFailure: string | null };

const plan = JSON.parse(process.argv[2] ?? '{}') as LoadPlan;

async function run(seconds: number): Promise<LoadResult> {
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
  return {
    latencies: latencies.sort((a, b) => a - b),
    perSecond: result.requests.total / seconds,
    failed: failed + result.errors + result.timeouts,
    firstFailure,
  };
}

await run(2);
process.stdout.write(`${JSON.stringify(await run(plan.seconds))}\n`);
