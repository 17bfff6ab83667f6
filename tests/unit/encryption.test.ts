import { describe, expect, it } from 'vitest';
import { createEncryption } from '../../src/server/auth/encryption.js';

const OLD = 'an-old-credentials-key-of-32-characters-at-least';
const NEW = 'a-new-credentials-key-of-32-characters-at-least!';

describe('sealed credentials', () => {
  it('open to what was sealed, and never hold the plain value', () => {
    const encryption = createEncryption([NEW]);
    const sealed = encryption.seal('0123456789abcdef0123456789abcdef');
    expect(sealed).not.toContain('0123456789abcdef');
    expect(encryption.open(sealed)).toBe('0123456789abcdef0123456789abcdef');
    // A fresh nonce each time: the same value seals differently.
    expect(encryption.seal('same')).not.toBe(encryption.seal('same'));
    expect(encryption.stale(sealed)).toBe(false);
  });

  it('rotate: a value sealed with the previous key opens, is stale, and seals again with the new one', () => {
    const before = createEncryption([OLD]).seal('token');
    const rotated = createEncryption([NEW, OLD]);
    expect(rotated.open(before)).toBe('token');
    expect(rotated.stale(before)).toBe(true);
    const again = rotated.seal(rotated.open(before));
    expect(rotated.stale(again)).toBe(false);
    expect(createEncryption([NEW]).open(again)).toBe('token');
    expect(() => createEncryption([NEW]).open(before)).toThrow(/CREDENTIALS_KEY/);
  });

  it('refuse a value changed at rest', () => {
    const encryption = createEncryption([NEW]);
    const parts = encryption.seal('token').split('.');
    const data = Buffer.from(parts[4]!, 'base64url');
    data[0] = data[0]! ^ 1;
    parts[4] = data.toString('base64url');
    expect(() => encryption.open(parts.join('.'))).toThrow();
    expect(() => encryption.open('plain text')).toThrow(/Not a sealed value/);
  });
});
