/** A number typed in a review field, or '' while the field is empty. */
export type Entry = number | '';

export function toEntry(value: number | string): Entry {
  if (typeof value === 'number') return value;
  if (value.trim() === '') return '';
  const n = Number(value);
  return Number.isFinite(n) ? n : '';
}

export const qtyOf = (entry: Entry | undefined): number =>
  typeof entry === 'number' && entry > 0 ? entry : 0;
