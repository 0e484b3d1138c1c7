/**
 * Text PostgreSQL cannot store, found before anything is written: a NUL character (refused in
 * `text` and `jsonb`) or a lone UTF-16 surrogate (not valid UTF-8). Without this check such a value
 * reached the database only after the card was charged, and failed there with a 500.
 */
export interface UnsafeText {
  /** Dotted path of the field, e.g. `lines.0.special_request`. */
  field: string;
  reason: string;
}

const NUL = '\u0000';
/** With the u flag only an unpaired surrogate is a code point of category Cs. */
const LONE_SURROGATE = /\p{Cs}/u;

function problemOf(text: string): string | null {
  if (text.includes(NUL)) return 'must not contain the NUL character';
  if (LONE_SURROGATE.test(text)) return 'must be valid Unicode text (a lone surrogate was sent)';
  return null;
}

/** The first string or object key in a parsed JSON value that cannot be stored, or null. */
export function findUnsafeText(value: unknown, path: string[] = []): UnsafeText | null {
  if (typeof value === 'string') {
    const reason = problemOf(value);
    return reason ? { field: path.join('.') || 'body', reason } : null;
  }
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findUnsafeText(value[i], [...path, String(i)]);
      if (found) return found;
    }
    return null;
  }
  if (value !== null && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      const keyProblem = problemOf(key);
      if (keyProblem)
        return { field: [...path, key.replace(/[^\x20-\x7e]/g, '?')].join('.'), reason: keyProblem };
      const found = findUnsafeText(inner, [...path, key]);
      if (found) return found;
    }
  }
  return null;
}
