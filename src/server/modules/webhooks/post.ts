import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/** Public addresses only: not private, loopback, link-local, carrier-grade NAT, multicast or reserved ones. */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  return ipaddr.process(address).range() === 'unicast';
}

export class PrivateAddressError extends Error {
  constructor(host: string) {
    super(`${host} is on a private network`);
    this.name = 'PrivateAddressError';
  }
}

/** Resolves a host the way a request would and refuses it when any of its addresses is not public. */
export async function assertPublicHost(hostname: string): Promise<void> {
  const host = hostname.replace(/^\[|\]$/g, '');
  const addresses = ipaddr.isValid(host) ? [host] : (await dns.promises.lookup(host, { all: true })).map((a) => a.address);
  if (addresses.length === 0 || !addresses.every(isPublicAddress)) throw new PrivateAddressError(hostname);
}

/**
 * A DNS lookup that connects only to public addresses: the address checked is the address connected to, so a name
 * that resolves to a public address when saved and a private one when called (DNS rebinding) is still refused.
 */
const publicLookup: LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, '', 4);
    const list = addresses as dns.LookupAddress[];
    if (list.length === 0 || !list.every((a) => isPublicAddress(a.address))) {
      return callback(Object.assign(new PrivateAddressError(hostname), { code: 'EPRIVATE' }), '', 4);
    }
    if (options.all) return callback(null, list);
    const [first] = list;
    callback(null, first!.address, first!.family);
  });
};

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
