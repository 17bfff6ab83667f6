import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeSuggestions } from '../../src/shared/vehicles/options.js';
import { vehicleFormSchema, vehicleInputSchema } from '../../src/shared/vehicles/schemas.js';
import {
  characterValue,
  checkDigitWarning,
  checkVin,
  expectedCheckDigit,
  makerOf,
  modelYearOf,
  withCheckDigit,
} from '../../src/shared/vehicles/vin.js';
import { makesWithWmi } from '../../src/shared/vehicles/wmi.js';

const published = ['11111111111111111', '1M8GDM9AXKP042788', 'WA1A4AFY2J2008189', '1FTMW1T88MFA00001'];

describe('VIN check digit', () => {
  it.each(published)('accepts the published VIN %s', (vin) => {
    const check = checkVin(vin);
    expect(check.errors).toEqual([]);
    expect(check.checkDigitMatches).toBe(true);
    expect(checkDigitWarning(check)).toBeNull();
  });

  it('computes X when the remainder is 10', () => {
    expect(expectedCheckDigit('1M8GDM9AXKP042788')).toBe('X');
  });

  it.each(published)('fails the check digit of %s after any one-character change', (vin) => {
    for (let i = 0; i < vin.length; i++) {
      if (i === 8) continue;
      // A character that counts for another value; K and 2 (both 2) are the same to the check digit.
      const replacement = String((characterValue(vin[i]!) + 1) % 10);
      const changed = vin.slice(0, i) + replacement + vin.slice(i + 1);
      const check = checkVin(changed);
      expect(check.errors).toEqual([]);
      expect(check.checkDigitMatches).toBe(false);
      expect(checkDigitWarning(check)).toMatch(/^Check digit mismatch: position 9 should be/);
    }
  });

  it('fails a changed check digit itself', () => {
    expect(checkVin('1FTMW1T89MFA00001').checkDigitMatches).toBe(false);
    expect(checkVin('1FTMW1T89MFA00001').expectedCheckDigit).toBe('8');
  });

  it('repairs a VIN with withCheckDigit', () => {
    expect(withCheckDigit('1FTMW1T80MFA00001')).toBe('1FTMW1T88MFA00001');
  });
});

/**
 * 49 CFR 565.15(c): the value assigned to each letter a VIN may hold, as the regulation's table prints it (I, O and Q
 * are never used in a VIN).
 */
const TRANSLITERATION_49_CFR_565 = [
  ['A', 1],
  ['B', 2],
  ['C', 3],
  ['D', 4],
  ['E', 5],
  ['F', 6],
  ['G', 7],
  ['H', 8],
  ['J', 1],
  ['K', 2],
  ['L', 3],
  ['M', 4],
  ['N', 5],
  ['P', 7],
  ['R', 9],
  ['S', 2],
  ['T', 3],
  ['U', 4],
  ['V', 5],
  ['W', 6],
  ['X', 7],
  ['Y', 8],
  ['Z', 9],
] as const;

/**
 * For each letter, a VIN carrying it at position 2 (weight 7 among 565.15(c)'s weight factors; 7 and 11 share no
 * factor, so any other value for the letter gives another check digit) with its check digit worked out by hand from
 * the regulation's values and weights: the sum of value × weight, its remainder after 11, 10 written X.
 */
const CHECK_DIGIT_PER_LETTER = [
  ['A', '1ATMW1T86MFA00001'],
  ['B', '1BTMW1T82MFA00001'],
  ['C', '1CTMW1T89MFA00001'],
  ['D', '1DTMW1T85MFA00001'],
  ['E', '1ETMW1T81MFA00001'],
  ['F', '1FTMW1T88MFA00001'],
  ['G', '1GTMW1T84MFA00001'],
  ['H', '1HTMW1T80MFA00001'],
  ['J', '1JTMW1T86MFA00001'],
  ['K', '1KTMW1T82MFA00001'],
  ['L', '1LTMW1T89MFA00001'],
  ['M', '1MTMW1T85MFA00001'],
  ['N', '1NTMW1T81MFA00001'],
  ['P', '1PTMW1T84MFA00001'],
  ['R', '1RTMW1T87MFA00001'],
  ['S', '1STMW1T82MFA00001'],
  ['T', '1TTMW1T89MFA00001'],
  ['U', '1UTMW1T85MFA00001'],
  ['V', '1VTMW1T81MFA00001'],
  ['W', '1WTMW1T88MFA00001'],
  ['X', '1XTMW1T84MFA00001'],
  ['Y', '1YTMW1T80MFA00001'],
  ['Z', '1ZTMW1T87MFA00001'],
] as const;

describe('VIN transliteration (49 CFR 565.15(c))', () => {
  it('gives all 23 letters the value the regulation assigns them', () => {
    expect(TRANSLITERATION_49_CFR_565).toHaveLength(23);
    for (const [letter, value] of TRANSLITERATION_49_CFR_565) expect(characterValue(letter), letter).toBe(value);
  });

  it.each(CHECK_DIGIT_PER_LETTER)('checks the digit of a VIN with %s at a weighted position', (letter, vin) => {
    expect(vin[1]).toBe(letter);
    expect(checkVin(vin).checkDigitMatches).toBe(true);
    expect(expectedCheckDigit(`${vin.slice(0, 8)}0${vin.slice(9)}`)).toBe(vin[8]);
  });
});

describe('VIN characters', () => {
  it.each(['I', 'O', 'Q'])('refuses the letter %s', (letter) => {
    const vin = `1FTMW1T88MFA0000${letter}`;
    expect(checkVin(vin).errors).toEqual(['VIN cannot contain the letters I, O or Q']);
    expect(checkVin(vin.toLowerCase()).errors).toEqual(['VIN cannot contain the letters I, O or Q']);
  });

  it('refuses any length but 17', () => {
    expect(checkVin('1FTMW1T88MFA0000').errors).toEqual(['VIN must be 17 characters']);
    expect(checkVin('1FTMW1T88MFA000011').errors).toEqual(['VIN must be 17 characters']);
  });

  it('refuses punctuation inside a VIN', () => {
    expect(checkVin('1FTMW1T88MFA0000*').errors).toEqual(['VIN can contain only letters and digits']);
  });

  it('reads lower case, spaces and dashes as the stored VIN', () => {
    const check = checkVin(' wa1a4afy2j-2008189 ');
    expect(check.vin).toBe('WA1A4AFY2J2008189');
    expect(check.errors).toEqual([]);
  });
});

describe('VIN model year', () => {
  const withCodes = (position7: string, position10: string) => `1FTMW1${position7}88${position10}FA00001`;

  it.each([
    ['T', 'A', 2010],
    ['1', 'Y', 2000],
    ['T', 'Y', 2030],
    ['T', 'R', 2024],
    ['T', 'S', 2025],
    ['T', 'T', 2026],
    ['5', '1', 2001],
    ['T', '9', 2039],
    ['5', 'A', 1980],
  ])('with position 7 %s reads code %s as %i', (position7, code, year) => {
    expect(modelYearOf(withCodes(position7, code))).toBe(year);
  });

  it('reads the years of the published VINs', () => {
    expect(checkVin('1M8GDM9AXKP042788').modelYear).toBe(1989);
    expect(checkVin('WA1A4AFY2J2008189').modelYear).toBe(2018);
    expect(checkVin('1FTMW1T88MFA00001').modelYear).toBe(2021);
    expect(checkVin('11111111111111111').modelYear).toBe(2001);
  });

  it('has no year for codes that are never used (U, Z, 0)', () => {
    expect(modelYearOf(withCodes('T', 'U'))).toBeNull();
    expect(modelYearOf(withCodes('T', 'Z'))).toBeNull();
    expect(modelYearOf(withCodes('T', '0'))).toBeNull();
  });
});

describe('VIN maker', () => {
  it('names the maker from the world manufacturer identifier', () => {
    expect(makerOf('WA1A4AFY2J2008189')).toBe('Audi');
    expect(makerOf('1FTMW1T88MFA00001')).toBe('Ford');
    expect(makerOf('5YJ3E1EA7KF317000')).toBe('Tesla');
    expect(makerOf('11111111111111111')).toBeNull();
  });

  it('knows every make of the spec list', () => {
    // The inventory document's make suggestions, as the spec lists them.
    const specMakes = [
      'BMW',
      'Mercedes-Benz',
      'Audi',
      'Tesla',
      'Porsche',
      'Lexus',
      'Acura',
      'Infiniti',
      'Cadillac',
      'Lincoln',
      'Genesis',
      'Volvo',
      'Jaguar',
      'Land Rover',
      'Ford',
      'Chevrolet',
      'Toyota',
      'Honda',
      'Nissan',
      'Mazda',
      'Subaru',
      'Hyundai',
    ];
    expect(specMakes.filter((make) => !(makeSuggestions as readonly string[]).includes(make))).toEqual([]);
    expect(specMakes.filter((make) => !makesWithWmi.includes(make))).toEqual([]);
  });
});

describe('vehicle form schema', () => {
  afterEach(() => vi.useRealTimers());
  const valid = { make: 'Audi', model: 'Q7', year: 2020, price: 45000 };

  it('reads the year bound when validating, not when loaded', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2030-06-01T12:00:00Z'));
    expect(vehicleFormSchema.safeParse({ ...valid, year: 2032 }).success).toBe(true);
    vi.setSystemTime(new Date('2020-06-01T12:00:00Z'));
    const result = vehicleFormSchema.safeParse({ ...valid, year: 2023 });
    expect(result.error?.issues.map((i) => i.message)).toEqual(['Year too far in future']);
  });

  it('fills the defaults and turns blanks into null', () => {
    const parsed = vehicleFormSchema.parse({ ...valid, mileage: Number.NaN, vin: '', color: '  ', contact_email: '' });
    expect(parsed).toMatchObject({ mileage: 0, status: 'available', features: [], vin: null, color: null, contact_email: null });
  });

  it('keeps a VIN whose check digit does not add up', () => {
    const parsed = vehicleInputSchema.parse({
      make: 'Ford',
      model: 'Transit',
      year: 2021,
      price_cents: 1,
      vin: '1ftmw1t89mfa00001',
    });
    expect(parsed.vin).toBe('1FTMW1T89MFA00001');
  });

  it('says what is wrong, in the spec words', () => {
    const result = vehicleFormSchema.safeParse({ make: ' ', model: '', year: 1899, mileage: -1, price: -1, contact_email: 'x@' });
    const messages = Object.fromEntries(result.error!.issues.map((i) => [i.path.join('.'), i.message]));
    expect(messages).toEqual({
      make: 'Make is required',
      model: 'Model is required',
      year: 'Invalid year',
      mileage: 'Mileage must be positive',
      price: 'Price must be positive',
      contact_email: 'Invalid email',
    });
  });
});
