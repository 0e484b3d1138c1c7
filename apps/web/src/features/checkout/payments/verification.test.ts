import { describe, expect, it } from 'vitest';
import { chargeVerification } from './verification';

const AU = { currency: 'AUD', country: 'AU' };

describe('chargeVerification: what the SDK verifies the buyer with', () => {
  it('the exact total in dollars and cents, a payment the customer makes, and who they are', () => {
    expect(
      chargeVerification(
        23.1,
        { name: 'Jo van der Berg', email: 'jo@example.com', phone: '+61400000000' },
        AU,
      ),
    ).toEqual({
      amount: '23.10',
      currencyCode: 'AUD',
      intent: 'CHARGE',
      billingContact: {
        givenName: 'Jo',
        familyName: 'van der Berg',
        email: 'jo@example.com',
        phone: '+61400000000',
        countryCode: 'AU',
      },
      customerInitiated: true,
      sellerKeyedIn: false,
    });
  });

  it('leaves out what the profile does not know', () => {
    expect(chargeVerification(0.1 + 0.2, { name: '  ', email: null, phone: null }, AU)).toMatchObject({
      amount: '0.30',
      billingContact: { countryCode: 'AU' },
    });
    expect(chargeVerification(1000, null, AU).billingContact).toEqual({ countryCode: 'AU' });
  });
});
