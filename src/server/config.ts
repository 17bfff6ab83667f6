import { z } from 'zod';
import path from 'node:path';

const boolish = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off'])
  .transform((v) => ['1', 'true', 'yes', 'on'].includes(v));

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).optional(),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  S3_ENDPOINT: z.string().url().optional(),
  S3_BUCKET: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Torque <no-reply@torque.local>'),
  PUBLIC_URL: z.string().url().optional(),
  SESSION_SECRET: z.string().min(32, 'SESSION_SECRET must be at least 32 characters').optional(),
  CREDENTIALS_KEY: z.string().min(32, 'CREDENTIALS_KEY must be at least 32 characters').optional(),
  CREDENTIALS_KEY_PREVIOUS: z.string().optional(),
  TWILIO_API_URL: z.string().url().default('https://api.twilio.com'),
  MAILBOX_PRIVATE_HOSTS: z.enum(['admins', 'everyone']).default('admins'),
  DEMO: boolish.optional(),
  ADMIN_EMAIL: z.string().email().optional(),
  ADMIN_PASSWORD: z.string().min(8, 'ADMIN_PASSWORD must be at least 8 characters').optional(),
  UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(10 * 1024 * 1024),
  WEB_ROOT: z.string().optional(),
  TRUST_PROXY: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type Config = {
  port: number;
  /** Loopback while demo sign-in is on, unless HOST says otherwise; every address otherwise. */
  host: string;
  /** HOST was set: the operator chose who may reach Torque, demo sign-in included. */
  hostChosen: boolean;
  dataDir: string;
  databaseUrl: string | undefined;
  s3: { endpoint: string; bucket: string; accessKeyId: string; secretAccessKey: string; region: string } | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  publicUrl: string | undefined;
  sessionSecret: string | undefined;
  /** Seals the credentials kept for other services; without it, the session secret does. Previous keys only open. */
  credentialsKeys: string[];
  /** Twilio's REST API (tests point it at a local peer that speaks the same API). */
  twilioApiUrl: string;
  /** Who may connect a mailbox whose servers are on a private network (the dealership's own mail server): admins only, or anyone. */
  mailboxPrivateHosts: 'admins' | 'everyone';
  demo: boolean;
  admin: { email: string; password: string } | undefined;
  uploadMaxBytes: number;
  logLevel: string;
  /** The built web app that is served; tests build their own. */
  webRoot: string;
  /** Which proxies' X-Forwarded-For to believe: none, a hop count, or addresses/CIDRs (never all of them). */
  trustProxy: false | string[] | ((address: string, hop: number) => boolean);
};

/** Reads the environment once; every other module receives the typed result. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const s3Keys = [e.S3_ENDPOINT, e.S3_BUCKET, e.S3_ACCESS_KEY_ID, e.S3_SECRET_ACCESS_KEY];
  if (s3Keys.some(Boolean) && !s3Keys.every(Boolean)) {
    throw new Error('Invalid configuration: S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together');
  }
  if (Boolean(e.ADMIN_EMAIL) !== Boolean(e.ADMIN_PASSWORD)) {
    throw new Error('Invalid configuration: ADMIN_EMAIL and ADMIN_PASSWORD go together');
  }
  if (e.ADMIN_EMAIL && e.DEMO === true) {
    throw new Error(
      'Invalid configuration: DEMO=1 and ADMIN_EMAIL exclude each other; an installation with a real admin has no demo sign-in',
    );
  }
  // Demo sign-in makes anyone who reaches it an admin: it is on only for a new embedded install without a real admin.
  const demo = e.DEMO ?? (!e.DATABASE_URL && !e.ADMIN_EMAIL);
  return {
    port: e.PORT,
    host: e.HOST ?? (demo ? '127.0.0.1' : '0.0.0.0'),
    hostChosen: e.HOST !== undefined,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    s3: e.S3_ENDPOINT
      ? {
          endpoint: e.S3_ENDPOINT,
          bucket: e.S3_BUCKET!,
          accessKeyId: e.S3_ACCESS_KEY_ID!,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY!,
          region: e.S3_REGION,
        }
      : undefined,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    publicUrl: e.PUBLIC_URL,
    sessionSecret: e.SESSION_SECRET,
    credentialsKeys: [
      ...(e.CREDENTIALS_KEY ? [e.CREDENTIALS_KEY] : []),
      ...(e.CREDENTIALS_KEY_PREVIOUS ?? '')
        .split(',')
        .map((key) => key.trim())
        .filter(Boolean),
    ],
    twilioApiUrl: e.TWILIO_API_URL,
    mailboxPrivateHosts: e.MAILBOX_PRIVATE_HOSTS,
    demo,
    admin: e.ADMIN_EMAIL ? { email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD! } : undefined,
    uploadMaxBytes: e.UPLOAD_MAX_BYTES,
    logLevel: e.LOG_LEVEL,
    webRoot: path.resolve(e.WEB_ROOT ?? 'dist/web'),
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
  };
}

/**
 * Whose X-Forwarded-For to believe. 'true' is refused: it believes the left-most address, which the client writes
 * itself, so anyone could pick the address the sign-in limits count against.
 */
function parseTrustProxy(value: string | undefined): Config['trustProxy'] {
  if (!value || value === 'false') return false;
  if (value === 'true') {
    throw new Error(
      'Invalid configuration: TRUST_PROXY=true would let any client choose its own address. ' +
        'Give the number of proxies in front of Torque (TRUST_PROXY=1) or their addresses (TRUST_PROXY=10.0.0.5,10.0.0.6).',
    );
  }
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return (_address, hop) => hop < hops;
  }
  return value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}
