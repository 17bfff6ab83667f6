import type { FastifyInstance } from 'fastify';
import { hookSignature } from '../../src/server/http/signed-hook.js';

/**
 * A post to one of Torque's signed inbound hooks (`/api/hooks/sms`, `/api/hooks/inbound-email`) as a provider sends
 * it: JSON, with X-Torque-Timestamp (`at`, Unix seconds) and X-Torque-Signature made with the hook's secret.
 */
export function postSignedHook(
  app: FastifyInstance,
  path: string,
  secret: string,
  payload: Record<string, unknown>,
  at = Math.floor(Date.now() / 1000),
) {
  const body = JSON.stringify(payload);
  const timestamp = String(at);
  return app.inject({
    method: 'POST',
    url: path,
    headers: {
      'content-type': 'application/json',
      'x-torque-timestamp': timestamp,
      'x-torque-signature': hookSignature(secret, timestamp, body),
    },
    payload: body,
  });
}
