/**
 * A JSON answer written as it is read, piece by piece, so an answer of any length (a year of every
 * location's orders) costs the memory of one batch. A handler returns one; the registry sends its
 * chunks as they come (http/register.ts). The chunks, joined, are one JSON document.
 */
export class StreamedJson {
  constructor(readonly chunks: () => AsyncIterable<string>) {}
}

/**
 * An object whose `key` is a long array, written as `{ ...head, key: [items...], ...tail() }`:
 * `head` first, then each batch's items as they are read, then what `tail` says once all are in
 * (the count, say).
 */
export function streamedObject<T>(
  head: Record<string, unknown>,
  key: string,
  batches: AsyncIterable<T[]>,
  tail: (count: number) => Record<string, unknown>,
): StreamedJson {
  return new StreamedJson(async function* () {
    const opening = JSON.stringify({ ...head, [key]: [] });
    yield opening.slice(0, -2); // '{...,"key":['
    let count = 0;
    for await (const batch of batches) {
      if (batch.length === 0) continue;
      yield (count > 0 ? ',' : '') + batch.map((item) => JSON.stringify(item)).join(',');
      count += batch.length;
    }
    const rest = JSON.stringify(tail(count)).slice(1); // '...}' or '}'
    yield `]${rest === '}' ? '}' : `,${rest}`}`;
  });
}
