import { toFixedString, toMills } from '@kitchaco/domain';
import type { BillingContact, ChargeVerificationDetails } from './web-payments-sdk';

/** The signed-in customer, as far as their profile knows them. */
export interface Buyer {
  name: string | null;
  email: string | null;
  phone: string | null;
}

/**
 * What `card.tokenize()` verifies the buyer with (Strong Customer Authentication, 3-D Secure):
 * the amount exactly as the server will charge it (the quote's total, in dollars with cents), the
 * currency, a payment the customer makes themselves, and what we know of them
 * (https://developer.squareup.com/reference/sdks/web/payments/objects/ChargeCardVerificationDetails).
 */
export function chargeVerification(
  total: number,
  buyer: Buyer | null,
  place: { currency: string; country: string },
): ChargeVerificationDetails {
  const [givenName, ...familyNames] = (buyer?.name ?? '').trim().split(/\s+/).filter(Boolean);
  const contact: BillingContact = { countryCode: place.country };
  if (givenName) contact.givenName = givenName;
  if (familyNames.length > 0) contact.familyName = familyNames.join(' ');
  if (buyer?.email) contact.email = buyer.email;
  if (buyer?.phone) contact.phone = buyer.phone;
  return {
    amount: toFixedString(toMills(total), 2),
    currencyCode: place.currency,
    intent: 'CHARGE',
    billingContact: contact,
    customerInitiated: true,
    sellerKeyedIn: false,
  };
}
