import net from 'node:net';

/** True for this machine's own addresses: 127.0.0.0/8, ::1 and their IPv4-mapped forms; 'localhost' for a host. */
export function isLoopback(address: string): boolean {
  if (address === 'localhost') return true;
  const plain = address.replace(/^::ffff:/i, '');
  if (net.isIPv4(plain)) return plain.startsWith('127.');
  return address === '::1';
}
