// Free ports for the journeys' servers, one per journey worker (E2E_WORKERS, two by default), and one more for the
// signal that all of them are ready: `npm test` (scripts/test.mjs) and Playwright run alone (playwright.config.ts,
// which runs this file and reads what it prints) both take them from here.
import net from 'node:net';
import { pathToFileURL } from 'node:url';

/** E2E_PORTS and E2E_READY_PORT, on ports of this machine free now. */
export async function journeyPorts() {
  const servers = await Promise.all(
    Array.from(
      { length: Number(process.env.E2E_WORKERS ?? 2) + 1 },
      () =>
        new Promise((resolve) => {
          const server = net.createServer();
          server.listen(0, '127.0.0.1', () => resolve(server));
        }),
    ),
  );
  const ports = servers.map((server) => server.address().port);
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  return { E2E_READY_PORT: String(ports.pop()), E2E_PORTS: ports.join(',') };
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) process.stdout.write(JSON.stringify(await journeyPorts()));
