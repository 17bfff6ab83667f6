/**
 * A vehicle's public page is at `/cars/<year-make-model>-<key>`: the words are for people and search engines, the
 * key (32 random hex digits, `vehicles.public_key`) is what finds the vehicle, so the address cannot be guessed from
 * the vehicle's id, and a page whose words no longer match (the model was corrected) still opens.
 */
export const PUBLIC_KEY_PATTERN = /^[0-9a-f]{32}$/;

const slug = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');

/** The path of a vehicle's public page. */
export const publicVehiclePath = (vehicle: { year: number; make: string; model: string; public_key: string }) => {
  const words = slug(`${vehicle.year} ${vehicle.make} ${vehicle.model}`);
  return `/cars/${words ? `${words}-` : ''}${vehicle.public_key}`;
};

/** The key at the end of a public page's last path segment; null when there is none. */
export function publicKeyOf(segment: string): string | null {
  const key = segment.slice(-32);
  if (!PUBLIC_KEY_PATTERN.test(key)) return null;
  if (segment.length > 32 && segment[segment.length - 33] !== '-') return null;
  return key;
}
