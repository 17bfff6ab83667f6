import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp, type AppDeps } from '../../src/server/app.js';
import { sessionToken, type Actor } from '../../src/server/auth/actor.js';
import { loadConfig, type Config } from '../../src/server/config.js';
import type { Database } from '../../src/server/db/connection.js';
import { hashPassword } from '../../src/server/auth/passwords.js';
import { insertUserWithPassword } from '../../src/server/platform/users.js';
import type { Role } from '../../src/shared/users/roles.js';
import { freshDatabase } from './databases.js';

export const TEST_SECRET = 'test-secret-test-secret-test-secret-0123456789';
export const PASSWORD = 'correct horse battery';

export type TestUser = { id: string; email: string; name: string; role: Role; cookie: string };

/** The actor a service function is given for `user`, acting as themselves (no session of its own). */
export const actorFor = (user: TestUser): Actor => ({
  userId: user.id,
  sessionId: '',
  role: user.role,
  name: user.name,
  email: user.email,
  impersonatorId: null,
  inventory: 'own',
});

export type TestContext = {
  app: FastifyInstance;
  database: Database;
  config: Config;
  /** A request as the browser sends it: JSON, Torque's CSRF header, and the given user's cookie. */
  call: (options: InjectOptions & { as?: TestUser | string | null }) => Promise<LightMyRequestResponse>;
  createUser: (role: Role, name?: string) => Promise<TestUser>;
  signIn: (email: string, password?: string) => Promise<string>;
  close: () => Promise<void>;
};

let counter = 0;
/**
 * PASSWORD hashed once for the worker: every test user signs in with it, and argon2's 19 MiB and two passes cost as much
 * as the rest of making a user. Each sign-in still verifies the password against it.
 */
let passwordHash: Promise<string> | undefined;

export type ContextOptions = {
  /** Wraps the database the app is built on (for instance to make chosen queries fail). */
  wrapDatabase?: (database: Database) => Database;
  /** The job queue's polling and the mail's retries (shorter than in production for tests that wait on them). */
  jobs?: AppDeps['jobs'];
  /** Fastify's logger options, for a test that reads the log lines. */
  logger?: AppDeps['logger'];
  /** Answers the names of mail servers in place of the system's resolver. */
  resolve?: AppDeps['resolve'];
};

export async function createTestContext(
  overrides: Record<string, string> = {},
  options: ContextOptions = {},
): Promise<TestContext> {
  const fresh = await freshDatabase();
  const database = options.wrapDatabase?.(fresh) ?? fresh;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'torque-test-data-'));
  const config = loadConfig({ DATA_DIR: dataDir, DEMO: '0', LOG_LEVEL: 'silent', SESSION_SECRET: TEST_SECRET, ...overrides });
  const app = await buildApp({
    config,
    database,
    secret: TEST_SECRET,
    jobs: options.jobs,
    logger: options.logger,
    resolve: options.resolve,
  });
  await app.ready();
  // `npm start` starts the job workers a second after the port opens; tests begin with them on.
  await app.startWorkers();

  const call: TestContext['call'] = ({ as, headers, ...options }) => {
    const cookie = typeof as === 'string' ? as : as?.cookie;
    return app.inject({
      ...options,
      headers: { 'x-requested-with': 'torque', ...(cookie ? { cookie } : {}), ...headers },
    });
  };

  /**
   * Signs in with the password. The session is exempt from the two-factor requirement, as a demo sign-in is, so that
   * the admins of other areas' tests need no authenticator; tests/api/two-factor.test.ts signs in through the API alone.
   */
  const signIn = async (email: string, password = PASSWORD) => {
    const response = await call({ method: 'POST', url: '/api/session', payload: { email, password } });
    if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
    const cookie = cookieHeader(response.headers['set-cookie']);
    const token = sessionToken(cookie, TEST_SECRET);
    if (token) await database.db.updateTable('sessions').set({ two_factor_exempt: true }).where('token', '=', token).execute();
    return cookie;
  };

  const createUser = async (role: Role, name?: string): Promise<TestUser> => {
    const n = ++counter;
    name ??= `${role} ${n}`;
    const email = `${name.toLowerCase().replace(/\W+/g, '.')}.${n}@example.com`;
    const hash = await (passwordHash ??= hashPassword(PASSWORD));
    const id = await database.db.transaction().execute((tx) => insertUserWithPassword(tx, { name, email, role }, hash));
    return { id, email, name, role, cookie: await signIn(email) };
  };

  return {
    app,
    database,
    config,
    call,
    createUser,
    signIn,
    close: async () => {
      await app.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The Cookie header a browser would send back after these Set-Cookie headers. */
export function cookieHeader(setCookie: string | string[] | undefined, previous = ''): string {
  const jar = new Map<string, string>();
  for (const part of previous.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name) jar.set(name, rest.join('='));
  }
  for (const cookie of [setCookie ?? []].flat()) {
    const [pair] = cookie.split(';');
    const [name, ...rest] = pair!.split('=');
    if (/max-age=0/i.test(cookie) || rest.join('=') === '') jar.delete(name!);
    else jar.set(name!, rest.join('='));
  }
  return [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
}
