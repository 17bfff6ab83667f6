import type { Config } from './config.js';
import type { Database } from './db/connection.js';
import { MigrationError, migrateToLatest } from './db/migrate.js';
import { resolveSessionSecret } from './auth/secret.js';
import { ensureAdmin } from './scripts/ensure-admin.js';
import { seedDemo } from './scripts/demo-seed.js';
import { buildApp } from './app.js';
import { backUpBeforeUpgrade } from './modules/backup/index.js';
import { createBlobStore } from './storage/create-blob-store.js';
import { isLoopback } from './http/addresses.js';
import { startTrace, step } from './start-trace.js';

/** How long after the port opens the job workers start. */
const WORKERS_AFTER_MS = 1_000;

/**
 * The server's start once its database is open: migrations, the admin or demo data, the app, the port, the job
 * workers a second later, and a clean stop on SIGINT or SIGTERM.
 */
export async function serve(config: Config, database: Database) {
  const secret = resolveSessionSecret(config);
  try {
    await migrateToLatest(database.db, {
      beforeUpgrade: async (pending) => {
        console.log(`Torque will apply ${pending.length} migration(s): ${pending.join(', ')}. Backing up the data first…`);
        const file = await backUpBeforeUpgrade(database.db, await createBlobStore(config), config.dataDir, pending).catch(
          (error: Error) => {
            throw new MigrationError(`The backup before migrating failed (${error.message}), so nothing was migrated.`);
          },
        );
        console.log(`The data as it was before this upgrade is in ${file} (see "Upgrading" in the README to go back).`);
      },
    });
  } catch (error) {
    if (!(error instanceof MigrationError)) throw error;
    // Nothing was changed: say so plainly and stop, rather than serve a schema this version does not match.
    console.error(`Torque did not start. ${error.message}`);
    await database.close();
    process.exit(1);
  }
  step('migrations checked');
  if (config.admin) await ensureAdmin(database.db, config.admin);
  if (config.demo) await seedDemo(database.db, secret);
  step(config.demo ? 'demo data checked' : 'admin checked');

  const app = await buildApp({ config, database, secret, logger: true });
  step('app built');
  await app.listen({ port: config.port, host: config.host });
  step('listening');
  // The job workers and their schedules start a second after the port opens: the first requests after a restart (a
  // browser reloading its page) share the database with nothing else. Torque does not run on without them.
  const workersStart = setTimeout(() => {
    app.startWorkers().then(
      () => app.log.debug(`Start-up: job workers on ${Math.round(performance.now())} ms after the process began`),
      async (error: Error) => {
        app.log.fatal({ err: error }, 'The job workers did not start; Torque stops');
        await app.close().catch(() => undefined);
        await database.close();
        process.exit(1);
      },
    );
  }, WORKERS_AFTER_MS).unref();
  if (config.demo && !isLoopback(config.host)) {
    app.log.warn(
      `Demo sign-in is on and HOST=${config.host} lets other machines reach it: anyone who can open Torque can sign in as ` +
        'the demo admin. Leave HOST unset to keep Torque on this machine, or set DEMO=0 or ADMIN_EMAIL for real use. ' +
        (config.publicUrl
          ? `Requests are answered when addressed to ${new URL(config.publicUrl).host} or to localhost.`
          : 'Only requests addressed to localhost are answered until PUBLIC_URL names the address other machines use.'),
    );
  }
  const url = `http://localhost:${(app.server.address() as { port: number }).port}`;
  app.log.info(
    `Torque is ready at ${url} (${database.kind} database${config.demo ? ', demo data' : ''}) in ${Math.round(performance.now())} ms`,
  );

  app.log.debug(startTrace());

  let closing = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, async () => {
      if (closing) return;
      closing = true;
      clearTimeout(workersStart);
      await app.close();
      await database.close();
      process.exit(0);
    });
  }
}
