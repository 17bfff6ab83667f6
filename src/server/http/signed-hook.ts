import crypto from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { clear, count, forgetExpired } from './rate-limit.js';
import { HOOK_CALL_IN_FLIGHT } from '../../shared/inbound-hooks/types.js';
import type { DB } from '../db/schema.js';
import { AppError, conflict } from './errors.js';

/** Headers of a signed webhook call, in both directions: the moment, and `sha256=` HMAC of `${timestamp}.${body}`. */
export const HOOK_TIMESTAMP_HEADER = 'x-torque-timestamp';
export const HOOK_SIGNATURE_HEADER = 'x-torque-signature';
/** A call signed longer ago than this (or this far ahead) is refused, so a captured call cannot be replayed later. */
const TOLERANCE_SECONDS = 300;
/** An accepted signature is remembered this long: from the earliest moment it can be accepted to the last. */
export const HOOK_MEMORY_SECONDS = 2 * TOLERANCE_SECONDS;
const MEMORY_PREFIX = 'hook-signature:';

export function hookSignature(secret: string, timestamp: string, body: string): string {
  return `sha256=${crypto.createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- augmenting Fastify's own interface
  interface FastifyRequest {
    /** The body as it arrived, for checking a webhook's signature. */
    rawBody?: string;
    /** A signed call once accepted: where its signature is remembered, and whether it had been accepted before. */
    signedCall?: { key: string; repeated: boolean };
  }
}

/**
 * Makes this plugin's routes signed hooks: JSON bodies keep their raw text beside the parsed value, and a first call
 * that fails is forgotten, so the sender's retry of the same signed call is handled anew.
 */
export function signedHookRoutes(app: FastifyInstance, db: Kysely<DB>) {
  app.addHook('onResponse', async (request, reply) => {
    const call = request.signedCall;
    if (call && !call.repeated && reply.statusCode >= 400) await clear(db, [call.key]);
  });
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 1024 * 1024 }, (request, body, done) => {
    request.rawBody = body as string;
    try {
      done(null, body === '' ? {} : JSON.parse(body as string));
    } catch {
      done(new AppError(400, 'VALIDATION', 'The body is not valid JSON'), undefined);
    }
  });
}

/** Refuses (401) a call whose signature does not match `secret` or whose timestamp is stale; returns the signature. */
function verifiedSignature(request: FastifyRequest, secret: string, now: number): string {
  const timestamp = request.headers[HOOK_TIMESTAMP_HEADER];
  const signature = request.headers[HOOK_SIGNATURE_HEADER];
  const refused = new AppError(401, 'BAD_SIGNATURE', 'The webhook signature is missing or wrong');
  if (typeof timestamp !== 'string' || typeof signature !== 'string' || !/^\d{1,12}$/.test(timestamp)) throw refused;
  if (Math.abs(now / 1000 - Number(timestamp)) > TOLERANCE_SECONDS) throw refused;
  const expected = Buffer.from(hookSignature(secret, timestamp, request.rawBody ?? ''));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) throw refused;
  return signature;
}

/**
 * Checks a call's signature, then remembers it in PostgreSQL (shared by every process) until its timestamp is stale:
 * the same call sent again is marked `repeated`, and its route answers it as a repeated delivery, storing nothing.
 */
export async function assertSignedHook(db: Kysely<DB>, request: FastifyRequest, secret: string, now = Date.now()) {
  const key = MEMORY_PREFIX + verifiedSignature(request, secret, now);
  const { count: accepted } = await count(db, key, HOOK_MEMORY_SECONDS);
  if (accepted === 1) await forgetExpired(db, MEMORY_PREFIX, HOOK_MEMORY_SECONDS);
  request.signedCall = { key, repeated: accepted > 1 };
}

/** True for a signed call accepted before: its route stores nothing again. */
export const isRepeatedCall = (request: FastifyRequest) => request.signedCall?.repeated === true;

/** A repeated call whose first delivery has not been stored yet: the sender tries again and is answered from it. */
export const callInFlight = () => conflict(HOOK_CALL_IN_FLIGHT);
