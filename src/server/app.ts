import fs from 'node:fs';
import path from 'node:path';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import helmet from 'helmet';
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { Database } from './db/connection.js';
import { lazyAuth } from './auth/auth-loader.js';
import { createActorResolver, registerActor } from './auth/actor.js';
import { registerCsrfProtection } from './http/csrf.js';
import { registerHostGuard } from './http/host-guard.js';
import { registerHeavyRequestLimit } from './http/heavy.js';
import { errorBody, registerErrorHandling } from './http/errors.js';
import { serializerCompiler } from './http/serializer.js';
import { onFirstUse } from './first-use.js';
import { startInstance } from './db/instance.js';
import { createBlobStore } from './storage/create-blob-store.js';
import { scheduleStorageSweeps } from './storage/maintenance.js';
import { createSpool } from './storage/spool.js';
import { createJobQueue, type JobQueueOptions, type RetryPolicy } from './jobs/queue.js';
import { createMailer, type Mailer } from './mail/mailer.js';
import { systemResolve, type Resolve } from './net/public-address.js';
import { createWebhookSender, type WebhookSender } from './platform/webhook-sender.js';
import { getSetting } from './platform/settings.js';
import { createEncryption } from './auth/encryption.js';
import type { AreaDeps } from './platform/area.js';
import { areas, exportContents } from './modules/areas.js';
import { createRealtime, type Realtime } from './realtime/hub.js';
import { realtimeSocket } from './realtime/socket.js';

export type AppDeps = {
  config: Config;
  database: Database;
  secret: string;
  logger?: boolean | object;
  /** Tests shorten the job queue's polling and the mail's retry delays; production keeps the defaults. */
  jobs?: JobQueueOptions & { mailRetry?: Partial<RetryPolicy>; webhookRetry?: Partial<RetryPolicy> };
  /** How the names of mailboxes' servers are looked up: the system's resolver, unless a test answers its own names. */
  resolve?: Resolve;
};

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- augmenting Fastify's own interface
  interface FastifyInstance {
    /** Every route registered, with its schemas; the authorization and fuzz tests walk it. */
    routeList: {
      method: string;
      url: string;
      public: boolean;
      schema?: { body?: unknown; querystring?: unknown; params?: unknown };
    }[];
    /** Runs the storage sweep now (it also runs when ready and every hour). */
    sweepStorage: () => Promise<void>;
    /** The one mailer: areas receive it in their deps; tests queue mail through it here. */
    mailer: Mailer;
    /** The one sender of webhooks and texts, as areas receive it; tests run jobs' work through it here. */
    webhooks: WebhookSender;
    /** The sockets of this process; tests read how many are open. */
    realtime: Realtime;
    /** Starts the job workers and their schedules, once; settles when they are on. */
    startWorkers: () => Promise<void>;
  }
}

export async function buildApp({
  config,
  database,
  secret,
  logger = false,
  jobs: jobOptions = {},
  resolve = systemResolve,
}: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    trustProxy: config.trustProxy,
    logger: logger === true ? { level: config.logLevel, redact: ['req.headers.cookie', 'req.headers.authorization'] } : logger,
    logController: new LogController({ disableRequestLogging: config.logLevel !== 'debug' && config.logLevel !== 'trace' }),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);

  // Built once and applied to every response (building it per request would re-parse the policy each time).
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    strictTransportSecurity: config.publicUrl?.startsWith('https:') ? undefined : false,
  });
  app.addHook('onRequest', (request, reply, done) =>
    securityHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined)),
  );
  registerHostGuard(app, config);

  app.decorate('routeList', []);
  app.addHook('onRoute', (route) => {
    // The API description is public; the API itself is not.
    if (route.url.startsWith('/api/docs')) route.config = { ...route.config, public: true };
    for (const method of [route.method].flat()) {
      app.routeList.push({ method, url: route.url, public: Boolean(route.config?.public), schema: route.schema });
    }
  });
  await app.register(swagger, {
    openapi: { info: { title: 'Torque API', version: '1' } },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true, uiConfig: { docExpansion: 'list' } });

  const baseURL = config.publicUrl ?? `http://localhost:${config.port}`;
  const auth = lazyAuth({ db: database.db, secret, baseURL, secureCookies: baseURL.startsWith('https:') });
  const resolveActor = createActorResolver(database, secret);
  registerActor(app, resolveActor);
  registerCsrfProtection(app);
  registerHeavyRequestLimit(app);
  // One file per upload request, capped at UPLOAD_MAX_BYTES; the documents module checks what arrived.
  await app.register(multipart, { limits: { fileSize: config.uploadMaxBytes, files: 1, fields: 10, parts: 11 } });

  const store = await createBlobStore(config);
  const spool = createSpool(config.dataDir);
  const instance = await startInstance(database);
  app.addHook('onClose', () => instance.stop());
  // Stored files are kept while an area's row names them; backups in the bucket are kept until the daily job's retention ends them.
  const isReferenced = async (keys: string[]) => {
    const kept = new Set(keys.filter((key) => key.startsWith('backups/')));
    for (const area of areas) if (area.storedKeys) for (const key of await area.storedKeys(database.db, keys)) kept.add(key);
    return kept;
  };
  app.decorate('sweepStorage', scheduleStorageSweeps(app, { store, spool, instance, isReferenced }));

  const jobs = createJobQueue(database, app.log, jobOptions);
  // Credentials kept for other services are sealed with CREDENTIALS_KEY (else the session secret), and opened with any
  // previous key and with the session secret, so setting or rotating the key loses nothing.
  const encryption = createEncryption([...config.credentialsKeys, secret]);
  const mailer = createMailer(config, database.db, jobs, app.log, {
    retry: jobOptions.mailRetry,
    encryption,
    dealershipName: async (db) => (await getSetting(db, 'company')).name,
    resolve,
  });
  const webhooks = createWebhookSender(database.db, jobs, app.log, {
    retry: jobOptions.webhookRetry,
    texts: areas.find((area) => area.textCarrier)?.textCarrier?.({ encryption, config }),
  });
  app.decorate('mailer', mailer);
  app.decorate('webhooks', webhooks);
  const realtime = createRealtime(database, app.log);
  app.decorate('realtime', realtime);
  realtime.onSessionChange(resolveActor.forget);

  const deps: AreaDeps = {
    auth,
    database,
    config,
    secret,
    encryption,
    log: app.log,
    resolveActor,
    store,
    spool,
    instance,
    jobs,
    mailer,
    resolve,
    webhooks,
    realtime,
    exportContents,
  };
  // Each area's job workers, services and realtime handlers register while the app is built. Once the app is ready the
  // queue is open (its tables and each kind's queue exist, so a request may send a job) and sockets are heard; the
  // workers, their schedules and the services start when `startWorkers` is called, after a restart's first requests
  // have been answered. On close the listener and the services stop and the queue lets running attempts end.
  const areaJobs = areas.flatMap((area) => area.jobs ?? []).map((job) => job.register(deps));
  const areaServices = areas.flatMap((area) => area.services ?? []).map((service) => service.register(deps));
  for (const area of areas) for (const [kind, handler] of Object.entries(area.realtime?.(deps) ?? {})) realtime.on(kind, handler);
  app.decorate(
    'startWorkers',
    onFirstUse(async () => {
      await jobs.start();
      for (const job of areaJobs) await job.start();
      for (const service of areaServices) await service.start();
    }),
  );
  app.addHook('onReady', async () => {
    await jobs.open();
    await realtime.start();
  });
  app.addHook('preClose', () => realtime.stop());
  app.addHook('onClose', async () => {
    await Promise.all(areaServices.map((service) => service.stop()));
    await jobs.stop();
  });

  await app.register(async (api) => {
    await realtimeSocket(api, realtime);
    for (const area of areas) await area.routes?.(api, deps);
  });

  await serveWebApp(app, config.webRoot);
  return app;
}

/** The built SPA: hashed assets cached for a year, every other non-API path answered with index.html. */
async function serveWebApp(app: FastifyInstance, webRoot: string) {
  const indexFile = path.join(webRoot, 'index.html');
  if (!fs.existsSync(indexFile)) return;
  await app.register(fastifyStatic, {
    root: webRoot,
    wildcard: false,
    index: false,
    setHeaders: (res, file) => {
      if (file.includes(`${path.sep}assets${path.sep}`)) res.setHeader('cache-control', 'public, max-age=31536000, immutable');
    },
  });
  app.get('/*', { config: { public: true } }, (request, reply) => {
    if (request.url.startsWith('/api/')) {
      return reply.status(404).send(errorBody('NOT_FOUND', `No route for ${request.method} ${request.url.split('?')[0]}`));
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
