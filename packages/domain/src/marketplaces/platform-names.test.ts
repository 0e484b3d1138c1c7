import { describe, expect, it } from 'vitest';
import { ORDER_SOURCE_LABELS } from '../backoffice/backoffice.schemas.js';
import { CHANNEL_SOURCE_NAMES, MARKETPLACE_CHANNELS, MARKETPLACE_NAMES } from '../constants.js';
import { INVOICE_CHANNEL_LABELS } from '../finance/invoice.js';
import { ROW_FIGURES } from '../finance/report-comparison.js';
import { MARKETPLACE_PLATFORMS } from './marketplace-order.js';

/** Each platform's name as the platform itself spells it (its own site and app). */
const AS_THE_PLATFORM_SPELLS_IT = {
  uber_eats: 'Uber Eats',
  deliveroo: 'Deliveroo',
  doordash: 'DoorDash',
  menulog: 'Menulog',
} as const;

describe('the display names of the delivery platforms', () => {
  it('spells each platform as the platform spells it', () => {
    expect(MARKETPLACE_NAMES).toEqual(AS_THE_PLATFORM_SPELLS_IT);
  });

  it('is the one name every label map shows', () => {
    for (const channel of MARKETPLACE_CHANNELS) {
      const name = AS_THE_PLATFORM_SPELLS_IT[channel];
      expect(CHANNEL_SOURCE_NAMES[channel], channel).toBe(name);
      expect(INVOICE_CHANNEL_LABELS[channel], channel).toBe(name);
      expect(ORDER_SOURCE_LABELS[channel], channel).toBe(name);
      expect(MARKETPLACE_PLATFORMS[channel].name, channel).toBe(name);
    }
    const rowLabels = ROW_FIGURES.map(([, label]) => label);
    expect(rowLabels).toEqual(expect.arrayContaining(Object.values(AS_THE_PLATFORM_SPELLS_IT)));
  });
});
