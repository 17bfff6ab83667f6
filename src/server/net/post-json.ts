import http from 'node:http';
import https from 'node:https';
import ipaddr from 'ipaddr.js';
import { assertPublicHost, publicLookup } from './public-address.js';

export type PostResult = { status: number };

/**
 * POSTs a JSON body and reads only the status. Redirects are not followed (a redirect could lead to a private
 * address); the call gives up after `timeoutMs`.
 */
export async function postJson(
  target: string,
  body: string,
  headers: Record<string, string>,
  options: { allowPrivate: boolean; timeoutMs?: number },
): Promise<PostResult> {
  const url = new URL(target);
  if (!options.allowPrivate && ipaddr.isValid(url.hostname.replace(/^\[|\]$/g, ''))) await assertPublicHost(url.hostname);
  const send = url.protocol === 'https:' ? https.request : http.request;
  return new Promise((resolve, reject) => {
    const request = send(
      url,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
          'user-agent': 'Torque-Webhooks/1',
          ...headers,
        },
        lookup: options.allowPrivate ? undefined : publicLookup,
        timeout: options.timeoutMs ?? 10_000,
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve({ status: response.statusCode ?? 0 }));
        response.on('error', reject);
      },
    );
    request.on('timeout', () => request.destroy(new Error(`No answer within ${(options.timeoutMs ?? 10_000) / 1000} s`)));
    request.on('error', reject);
    request.end(body);
  });
}
