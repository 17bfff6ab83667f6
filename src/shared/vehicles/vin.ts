/** Offline VIN checks (ISO 3779 / 49 CFR 565): characters, the position-9 check digit, model year and maker. */
import { makerOfWmi } from './wmi.js';

const transliteration: Record<string, number> = {
  A: 1,
  B: 2,
  C: 3,
  D: 4,
  E: 5,
  F: 6,
  G: 7,
  H: 8,
  J: 1,
  K: 2,
  L: 3,
  M: 4,
  N: 5,
  P: 7,
  R: 9,
  S: 2,
  T: 3,
  U: 4,
  V: 5,
  W: 6,
  X: 7,
  Y: 8,
  Z: 9,
};
const weights = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];

export const VIN_LENGTH = 17;

export const vinMessages = {
  length: 'VIN must be 17 characters',
  forbiddenLetters: 'VIN cannot contain the letters I, O or Q',
  characters: 'VIN can contain only letters and digits',
} as const;

/** Model-year codes of position 10, in order from 1980 (and again from 2010). */
const yearCodes = 'ABCDEFGHJKLMNPRSTVWXY123456789';

/** The number a VIN character counts for in the check digit (letters by the transliteration table). */
export function characterValue(char: string): number {
  return /\d/.test(char) ? Number(char) : (transliteration[char] ?? 0);
}

/** What a user typed, as a VIN is stored: upper case, without spaces or dashes. */
export function normalizeVin(vin: string): string {
  return vin.replace(/[\s-]+/g, '').toUpperCase();
}

/** The check digit a 17-character VIN should carry at position 9 ('0'–'9' or 'X'). */
export function expectedCheckDigit(vin: string): string {
  const sum = [...vin.toUpperCase()].reduce((total, char, i) => total + characterValue(char) * weights[i]!, 0);
  const remainder = sum % 11;
  return remainder === 10 ? 'X' : String(remainder);
}

/** The VIN with position 9 replaced by its correct check digit. */
export function withCheckDigit(vin: string): string {
  const upper = vin.toUpperCase();
  return upper.slice(0, 8) + expectedCheckDigit(upper) + upper.slice(9);
}

/**
 * The model year coded at position 10. The codes repeat every 30 years; for light vehicles position 7 tells the
 * cycles apart: a digit there means 1980–2009, a letter 2010–2039.
 */
export function modelYearOf(vin: string): number | null {
  const upper = vin.toUpperCase();
  const index = yearCodes.indexOf(upper[9] ?? '');
  if (index < 0 || upper.length < 10) return null;
  const newerCycle = /[A-Z]/.test(upper[6] ?? '');
  return (newerCycle ? 2010 : 1980) + index;
}

/** The maker named by the world manufacturer identifier (positions 1–3), when Torque knows it. */
export function makerOf(vin: string): string | null {
  return makerOfWmi(vin.toUpperCase().slice(0, 3));
}

export type VinCheck = {
  /** The VIN as stored: upper case, no spaces. */
  vin: string;
  /** Reasons the VIN cannot be saved; empty when it is well formed. */
  errors: string[];
  /** The check digit position 9 should hold, or null while the VIN is not well formed. */
  expectedCheckDigit: string | null;
  /** False when position 9 is not the computed check digit: a warning only, outside North America it may differ. */
  checkDigitMatches: boolean;
  modelYear: number | null;
  make: string | null;
};

/** Everything that can be read from a VIN without a network call. */
export function checkVin(input: string): VinCheck {
  const vin = normalizeVin(input);
  const errors: string[] = [];
  if (vin.length !== VIN_LENGTH) errors.push(vinMessages.length);
  if (/[IOQ]/.test(vin)) errors.push(vinMessages.forbiddenLetters);
  if (/[^A-Z0-9]/.test(vin)) errors.push(vinMessages.characters);
  if (errors.length > 0) {
    return { vin, errors, expectedCheckDigit: null, checkDigitMatches: false, modelYear: null, make: null };
  }
  const expected = expectedCheckDigit(vin);
  return {
    vin,
    errors,
    expectedCheckDigit: expected,
    checkDigitMatches: vin[8] === expected,
    modelYear: modelYearOf(vin),
    make: makerOf(vin),
  };
}

/** The warning a form shows for a well-formed VIN whose check digit does not add up. */
export function checkDigitWarning(check: VinCheck): string | null {
  if (check.errors.length > 0 || check.checkDigitMatches) return null;
  return `Check digit mismatch: position 9 should be ${check.expectedCheckDigit}. VINs from outside North America may not use one.`;
}
