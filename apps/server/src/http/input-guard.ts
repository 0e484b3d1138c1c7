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

/**
 * Whether JSON text may hold such a value once parsed. In JSON text a NUL or a lone surrogate can
 * only be written as an escape (`\u0000`, `\ud800`-`\udfff`): a raw NUL is refused by the parser,
 * and bytes decoded as UTF-8 never give a lone surrogate. Text without those escapes (nearly every
 * body) needs no walk; with one (an emoji written as a surrogate pair too) the walk decides.
 */
export function mayHoldUnsafeText(json: string): boolean {
  return /\\u(?:0000|[dD][89a-fA-F])/.test(json);
}

/** The first string or object key in a parsed JSON value that cannot be stored, or null. */
export function findUnsafeText(value: unknown, path: string[] = []): UnsafeText | null {
  return walk(value, [...path]);
}

/** Depth first, on one path array pushed and popped (a copy per node cost 40 ms on a 1 MiB body). */
function walk(value: unknown, path: (string | number)[]): UnsafeText | null {
  if (typeof value === 'string') {
    const reason = problemOf(value);
    return reason ? { field: path.join('.') || 'body', reason } : null;
  }
  if (value === null || typeof value !== 'object') return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      path.push(i);
      const found = walk(value[i], path);
      path.pop();
      if (found) return found;
    }
    return null;
  }
  for (const key of Object.keys(value)) {
    const keyProblem = problemOf(key);
    if (keyProblem)
      return { field: [...path, key.replace(/[^\x20-\x7e]/g, '?')].join('.'), reason: keyProblem };
    path.push(key);
    const found = walk((value as Record<string, unknown>)[key], path);
    path.pop();
    if (found) return found;
  }
  return null;
}
