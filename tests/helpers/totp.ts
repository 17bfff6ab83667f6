import crypto from 'node:crypto';

/**
 * An authenticator app in a few lines (RFC 6238: HMAC-SHA1, 30-second steps, 6 digits), written apart from the server's
 * library so that the tests check it against the standard rather than against itself.
 */
export function totp(base32Secret: string, { at = Date.now(), step = 0 }: { at?: number; step?: number } = {}): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 30_000) + step));
  const mac = crypto.createHmac('sha1', fromBase32(base32Secret)).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0xf;
  const code = (mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return code.toString().padStart(6, '0');
}

/** The secret of an otpauth:// link, as an app reads it from the QR code. */
export const secretOf = (totpURI: string) => new URL(totpURI).searchParams.get('secret')!;

function fromBase32(text: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const char of text.replace(/[\s=]/g, '').toUpperCase()) {
    const value = alphabet.indexOf(char);
    if (value < 0) throw new Error(`not base32: ${char}`);
    bits += value.toString(2).padStart(5, '0');
  }
  const bytes = bits.match(/.{8}/g) ?? [];
  return Buffer.from(bytes.map((byte) => parseInt(byte, 2)));
}
