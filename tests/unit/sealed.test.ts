import { describe, expect, it } from 'vitest';
import { createSealer } from '../../src/server/auth/sealed.js';

const OLD = 'an-old-credentials-key-of-32-characters-at-least';
const NEW = 'a-new-credentials-key-of-32-characters-at-least!';

describe('sealed credentials', () => {
  it('open to what was sealed, and never hold the plain value', () => {
    const sealer = createSealer([NEW]);
    const sealed = sealer.seal('0123456789abcdef0123456789abcdef');
    expect(sealed).not.toContain('0123456789abcdef');
    expect(sealer.open(sealed)).toBe('0123456789abcdef0123456789abcdef');
    // A fresh nonce each time: the same value seals differently.
    expect(sealer.seal('same')).not.toBe(sealer.seal('same'));
    expect(sealer.stale(sealed)).toBe(false);
  });

  it('rotate: a value sealed with the previous key opens, is stale, and seals again with the new one', () => {
    const before = createSealer([OLD]).seal('token');
    const rotated = createSealer([NEW, OLD]);
    expect(rotated.open(before)).toBe('token');
    expect(rotated.stale(before)).toBe(true);
    const again = rotated.seal(rotated.open(before));
    expect(rotated.stale(again)).toBe(false);
    expect(createSealer([NEW]).open(again)).toBe('token');
    expect(() => createSealer([NEW]).open(before)).toThrow(/CREDENTIALS_KEY/);
  });

  it('refuse a value changed at rest', () => {
    const sealer = createSealer([NEW]);
    const parts = sealer.seal('token').split('.');
    const data = Buffer.from(parts[4]!, 'base64url');
    data[0] = data[0]! ^ 1;
    parts[4] = data.toString('base64url');
    expect(() => sealer.open(parts.join('.'))).toThrow();
    expect(() => sealer.open('plain text')).toThrow(/Not a sealed value/);
  });
});
