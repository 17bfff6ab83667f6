import crypto from 'node:crypto';

/**
 * Credentials Torque keeps for other services (a texting provider's auth token), sealed at rest with AES-256-GCM under
 * the credentials key: CREDENTIALS_KEY, else the session secret. A sealed value names the key it was sealed with, so
 * the key can be rotated: start with the new key in CREDENTIALS_KEY and the old one in CREDENTIALS_KEY_PREVIOUS;
 * values are opened with either and sealed again with the new one the first time they are read.
 */
export type Encryption = {
  seal: (plain: string) => string;
  /** The plain value; throws when no key this process has opens it. */
  open: (sealed: string) => string;
  /** Whether a sealed value was sealed with another key than the current one (read it and seal it again). */
  stale: (sealed: string) => boolean;
};

const VERSION = 'v1';

type Key = { id: string; bytes: Buffer };

function keyOf(material: string): Key {
  const bytes = Buffer.from(crypto.hkdfSync('sha256', material, 'torque', 'credentials', 32));
  const id = crypto.createHash('sha256').update(bytes).digest('hex').slice(0, 8);
  return { id, bytes };
}

/** `keys[0]` seals; every key opens. */
export function createEncryption(keys: readonly string[]): Encryption {
  const [current, ...previous] = keys.map(keyOf);
  if (!current) throw new Error('Encryption needs a key');
  const byId = new Map([current, ...previous].map((key) => [key.id, key]));
  const parts = (sealed: string) => {
    const [version, id, iv, tag, data] = sealed.split('.');
    if (version !== VERSION || !id || !iv || !tag || data === undefined) throw new Error('Not a sealed value');
    return { id, iv, tag, data };
  };
  return {
    seal(plain) {
      const iv = crypto.randomBytes(12);
      const cipher = crypto.createCipheriv('aes-256-gcm', current.bytes, iv);
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      const tag = cipher.getAuthTag();
      return [VERSION, current.id, iv.toString('base64url'), tag.toString('base64url'), data.toString('base64url')].join('.');
    },
    open(sealed) {
      const { id, iv, tag, data } = parts(sealed);
      const key = byId.get(id);
      if (!key) throw new Error('The credentials key that sealed this value is not set (CREDENTIALS_KEY)');
      const decipher = crypto.createDecipheriv('aes-256-gcm', key.bytes, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
    },
    stale: (sealed) => parts(sealed).id !== current.id,
  };
}
