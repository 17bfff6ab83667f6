import crypto from 'node:crypto';
import { documentKinds, SIGNED_LINK_SECONDS, type DocumentKind } from '../../../shared/documents/options.js';

export type LinkParts = { kind: string; id: string; expires: string; signature: string };

const signature = (secret: string, kind: string, id: string, expires: string) =>
  crypto.createHmac('sha256', `torque-file-link:${secret}`).update(`${kind}:${id}:${expires}`).digest('base64url');

/** A bearer link to one document, valid for 60 seconds, that cannot be altered without the server's secret. */
export function signLink(secret: string, kind: DocumentKind, id: string, now = Date.now()): string {
  const expires = String(now + SIGNED_LINK_SECONDS * 1000);
  return `/api/files/${kind}/${id}/${expires}/${signature(secret, kind, id, expires)}`;
}

/** The document a link names, or null when the link was altered or has expired. */
export function verifyLink(secret: string, link: LinkParts, now = Date.now()): { kind: DocumentKind; id: string } | null {
  const expected = Buffer.from(signature(secret, link.kind, link.id, link.expires));
  const given = Buffer.from(link.signature);
  if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) return null;
  const kind = documentKinds.find((k) => k === link.kind);
  if (!kind || !/^\d{13,}$/.test(link.expires) || Number(link.expires) <= now) return null;
  return { kind, id: link.id };
}
