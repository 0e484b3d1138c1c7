import type { ComboEntry } from './backoffice.schemas.js';

/**
 * The marketplace combo text of an order line: comma-separated entries `name~quantity`, each
 * optionally `=price` (the price of one), e.g. `Extra cheese~2=1.50, No onion~1`. Uber Eats lines
 * carry combos this way; CSV exports use the same text.
 */
export function parseComboText(text: string | null | undefined): ComboEntry[] {
  if (!text) return [];
  const entries: ComboEntry[] = [];
  for (const raw of text.split(',')) {
    const part = raw.trim();
    if (part === '') continue;
    const [nameAndQty = '', priceText] = splitOnce(part, '=');
    const [namePart = '', qtyText] = splitOnce(nameAndQty, '~');
    const name = namePart.trim();
    if (name === '') continue;
    const quantity = qtyText === undefined ? 1 : Number.parseInt(qtyText.trim(), 10);
    const price = priceText === undefined ? 0 : Number(priceText.trim());
    entries.push({
      name,
      quantity: Number.isFinite(quantity) && quantity > 0 ? quantity : 1,
      price: Number.isFinite(price) ? price : 0,
    });
  }
  return entries;
}

/** The inverse of parseComboText; a price of 0 is left out. */
export function formatComboText(entries: readonly ComboEntry[]): string {
  return entries
    .map((e) => `${e.name}~${e.quantity}${e.price !== 0 ? `=${e.price.toFixed(2)}` : ''}`)
    .join(', ');
}

/** Splits at the last separator so a name may itself contain it ("Salt~n~Pepper~1" keeps the name). */
function splitOnce(text: string, separator: string): [string, string | undefined] {
  const at = text.lastIndexOf(separator);
  return at < 0 ? [text, undefined] : [text.slice(0, at), text.slice(at + 1)];
}
