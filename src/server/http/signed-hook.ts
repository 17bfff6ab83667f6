import crypto from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './errors.js';

/** Headers of a signed webhook call, in both directions: the moment, and `sha256=` HMAC of `${timestamp}.${body}`. */
export const HOOK_TIMESTAMP_HEADER = 'x-torque-timestamp';
export const HOOK_SIGNATURE_HEADER = 'x-torque-signature';
/** A call signed longer ago than this (or this far ahead) is refused, so a captured call cannot be replayed later. */
const TOLERANCE_SECONDS = 300;

export function hookSignature(secret: string, timestamp: string, body: string): string {
  return `sha256=${crypto.createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- augmenting Fastify's own interface
  interface FastifyRequest {
    /** The body as it arrived, for checking a webhook's signature. */
    rawBody?: string;
  }
}

/** In this plugin's routes, JSON bodies keep their raw text beside the parsed value. */
export function keepRawJson(app: FastifyInstance) {
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 1024 * 1024 }, (request, body, done) => {
    request.rawBody = body as string;
    try {
      done(null, body === '' ? {} : JSON.parse(body as string));
    } catch {
      done(new AppError(400, 'VALIDATION', 'The body is not valid JSON'), undefined);
    }
  });
}

/** Refuses (401) a call whose signature does not match `secret` or whose timestamp is stale. */
export function assertSignedHook(request: FastifyRequest, secret: string, now = Date.now()) {
  const timestamp = request.headers[HOOK_TIMESTAMP_HEADER];
  const signature = request.headers[HOOK_SIGNATURE_HEADER];
  const refused = new AppError(401, 'BAD_SIGNATURE', 'The webhook signature is missing or wrong');
  if (typeof timestamp !== 'string' || typeof signature !== 'string' || !/^\d{1,12}$/.test(timestamp)) throw refused;
  if (Math.abs(now / 1000 - Number(timestamp)) > TOLERANCE_SECONDS) throw refused;
  const expected = Buffer.from(hookSignature(secret, timestamp, request.rawBody ?? ''));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) throw refused;
}
