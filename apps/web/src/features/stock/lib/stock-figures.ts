import { formatAUD, toMills } from '@kitchaco/domain';

/** Figures in columns: digits of equal width, never wrapped. */
export const numeric = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;
export const aud = (value: number) => formatAUD(toMills(value));
/** Room after each price for the "+ GST" marker, so the prices line up. */
export const GST_SLOT = 52;
