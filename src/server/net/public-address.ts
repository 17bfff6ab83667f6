import dns from 'node:dns';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * How a server's name becomes its addresses: the system's resolver (getaddrinfo, as a connection by name would use)
 * unless a test answers its own names.
 */
export type Resolve = (hostname: string) => Promise<{ address: string; family: number }[]>;

export const systemResolve: Resolve = (hostname) => dns.promises.lookup(hostname, { all: true });

/** Public addresses only: not private, loopback, link-local, carrier-grade NAT, multicast or reserved ones. */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  return ipaddr.process(address).range() === 'unicast';
}

export class PrivateAddressError extends Error {
  readonly code = 'EPRIVATE';
  constructor(host: string) {
    super(`${host} is on a private network`);
    this.name = 'PrivateAddressError';
  }
}

const bare = (hostname: string) => hostname.replace(/^\[|\]$/g, '');

/** Every address of a host (the host itself when it is an address), in the resolver's order. */
export async function addressesOf(hostname: string, resolve: Resolve = systemResolve): Promise<string[]> {
  const host = bare(hostname);
  if (ipaddr.isValid(host)) return [host];
  return (await resolve(host)).map((answer) => answer.address);
}

/**
 * The address to connect to for a host, looked up once: a connection is then made to this address, never to the
 * name again, so what was checked is what is reached (a name may answer differently each time it is asked). With
 * `publicOnly`, a host with any address that is not public is refused.
 */
export async function addressToConnect(hostname: string, options: { publicOnly: boolean; resolve?: Resolve }): Promise<string> {
  const addresses = await addressesOf(hostname, options.resolve);
  if (addresses.length === 0 || (options.publicOnly && !addresses.every(isPublicAddress))) {
    throw new PrivateAddressError(hostname);
  }
  return addresses[0]!;
}

/** Resolves a host the way a connection would and refuses it when any of its addresses is not public. */
export async function assertPublicHost(hostname: string, resolve: Resolve = systemResolve): Promise<void> {
  await addressToConnect(hostname, { publicOnly: true, resolve });
}

/**
 * A DNS lookup for Node's sockets that connects only to public addresses: the address checked is the address
 * connected to, so a name that resolves to a public address when saved and a private one when called (DNS rebinding)
 * is still refused.
 */
export const publicLookup: LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, '', 4);
    const list = addresses as dns.LookupAddress[];
    if (list.length === 0 || !list.every((a) => isPublicAddress(a.address))) {
      return callback(new PrivateAddressError(hostname), '', 4);
    }
    if (options.all) return callback(null, list);
    const [first] = list;
    callback(null, first!.address, first!.family);
  });
};
