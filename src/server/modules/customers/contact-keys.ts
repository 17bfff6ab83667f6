import { parsePhoneNumberFromString } from 'libphonenumber-js';

/** Phones without a country code are read as this country's (libphonenumber's region code). */
export const HOME_REGION = 'US';

/** An e-mail as customers are matched on it: lower case; null when it is not an address. */
export function emailKey(email: string | null | undefined): string | null {
  const lower = email?.trim().toLowerCase() ?? null;
  return lower && lower.includes('@') ? lower : null;
}

/**
 * A phone as customers are matched on it: in E.164, as shown, and the digits a stored phone may have (customers'
 * phones are stored as typed, so they match on their digits, with or without the country code). Null when the number
 * is not a possible one.
 */
export function phoneKeys(number: string | null | undefined) {
  const phone = number ? parsePhoneNumberFromString(number, HOME_REGION) : undefined;
  if (!phone?.isPossible()) return null;
  return {
    e164: phone.number,
    shown: phone.country === HOME_REGION ? phone.formatNational() : phone.formatInternational(),
    digits: [String(phone.nationalNumber), `${phone.countryCallingCode}${phone.nationalNumber}`],
  };
}
