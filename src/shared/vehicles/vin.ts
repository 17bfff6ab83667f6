/** Offline VIN checks (ISO 3779 / 49 CFR 565): characters, the position-9 check digit, model year and maker. */

const transliteration: Record<string, number> = {
  A: 1, B: 2, C: 3, D: 4, E: 5, F: 6, G: 7, H: 8, J: 1, K: 2, L: 3, M: 4, N: 5, P: 7, R: 9,
  S: 2, T: 3, U: 4, V: 5, W: 6, X: 7, Y: 8, Z: 9,
};
const weights = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];

export const VIN_PATTERN = /^[A-HJ-NPR-Z0-9]{17}$/;

function value(char: string): number {
  return /\d/.test(char) ? Number(char) : (transliteration[char] ?? 0);
}

/** The check digit a 17-character VIN should carry at position 9 ('0'–'9' or 'X'). */
export function expectedCheckDigit(vin: string): string {
  const sum = [...vin.toUpperCase()].reduce((total, char, i) => total + value(char) * weights[i]!, 0);
  const remainder = sum % 11;
  return remainder === 10 ? 'X' : String(remainder);
}

/** The VIN with position 9 replaced by its correct check digit. */
export function withCheckDigit(vin: string): string {
  const upper = vin.toUpperCase();
  return upper.slice(0, 8) + expectedCheckDigit(upper) + upper.slice(9);
}
