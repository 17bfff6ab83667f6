/** A count badge's text: hidden at 0, 'N+' above the cap ('9+' in the header, '99+' in the chat panel). */
export function badgeText(count: number, cap: number): string | null {
  if (count <= 0) return null;
  return count > cap ? `${cap}+` : String(count);
}

export function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join('');
}
