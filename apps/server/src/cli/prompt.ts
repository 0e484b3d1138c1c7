import type { Interface } from 'node:readline/promises';

/**
 * The key of readline's method that echoes what is typed: a symbol in Node 20's promise API
 * (`Symbol(_writeToOutput)`), the public-looking `_writeToOutput` in older and callback APIs.
 */
function echoKey(rl: Interface): string | symbol {
  for (let proto: object | null = rl; proto; proto = Object.getPrototypeOf(proto)) {
    const key = Object.getOwnPropertySymbols(proto).find((s) => s.description === '_writeToOutput');
    if (key) return key;
  }
  return '_writeToOutput';
}

/** Asks on a terminal without echoing the answer (a password). */
export async function askHidden(rl: Interface, question: string): Promise<string> {
  const output = rl as unknown as Record<string | symbol, unknown>;
  const key = echoKey(rl);
  const answer = rl.question(question);
  // The question itself is written; what is typed after it is not.
  output[key] = () => {};
  try {
    return await answer;
  } finally {
    delete output[key];
    process.stdout.write('\n');
  }
}
