import { type CountryCode, parsePhoneNumberFromString } from 'libphonenumber-js/min';

/** Only Australian and UK numbers are offered at sign-in. */
export const PHONE_COUNTRIES = [
  { code: 'AU', dialCode: '+61', label: 'Australia (+61)' },
  { code: 'GB', dialCode: '+44', label: 'United Kingdom (+44)' },
] as const satisfies readonly { code: CountryCode; dialCode: string; label: string }[];

export type PhoneCountry = (typeof PHONE_COUNTRIES)[number]['code'];

/**
 * Normalises a phone number to international format (+61412345678) if it is a valid mobile or
 * fixed-line number of an allowed country; returns null otherwise. Accepts the number with its
 * prefix ("+61 412 345 678") or, when a country is given, in national form ("0412 345 678").
 */
export function normalisePhone(input: string, country?: PhoneCountry): string | null {
  const parsed = parsePhoneNumberFromString(input.trim(), country);
  if (!parsed?.isValid()) return null;
  // +61 and +44 include Australia's external territories and the Crown Dependencies.
  if (!PHONE_COUNTRIES.some((c) => c.dialCode === `+${parsed.countryCallingCode}`)) return null;
  return parsed.number;
}

/** "+61412345678" -> "0412 345 678" for display to staff (local form). */
export function formatPhoneNational(phone: string): string {
  const parsed = parsePhoneNumberFromString(phone);
  return parsed ? parsed.formatNational() : phone;
}
