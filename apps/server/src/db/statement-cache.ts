import pg from 'pg';

/** Distinct statements named per process; any further statement runs unnamed, as before. */
export const MAX_NAMED_STATEMENTS = 2_000;

/**
 * Names for parameterised statements, one per distinct text. A named statement is parsed once per
 * connection and its plan may be kept by PostgreSQL, so a repeated query (every request's session
 * read, a checkout's insert) costs only Bind and Execute: measured in docs/performance.md "Writes".
 * The number of names is bounded: query texts built with a variable number of parameters (IN
 * lists) could otherwise grow the set without end, on the server as well as here.
 */
export class StatementNames {
  private readonly names = new Map<string, string>();

  constructor(private readonly max = MAX_NAMED_STATEMENTS) {}

  nameOf(text: string): string | undefined {
    const known = this.names.get(text);
    if (known !== undefined || this.names.size >= this.max) return known;
    const name = `k${this.names.size}`;
    this.names.set(text, name);
    return name;
  }

  get size(): number {
    return this.names.size;
  }
}

interface QueryConfigLike {
  text?: unknown;
  name?: unknown;
  values?: unknown;
  submit?: unknown;
}

/**
 * The config a query runs with: a statement with parameters (as text or as a config) gets its
 * name; anything else (a
 * statement without parameters runs in one simple-protocol message already; an explicitly named
 * or pre-built query) is left as it is.
 */
export function withStatementName<T>(names: StatementNames, config: T, values: unknown): T | object {
  if (typeof config === 'string') {
    const name = Array.isArray(values) && values.length > 0 ? names.nameOf(config) : undefined;
    return name === undefined ? config : { text: config, name };
  }
  if (config === null || typeof config !== 'object') return config;
  const c = config as QueryConfigLike;
  if (typeof c.submit === 'function' || c.name !== undefined || typeof c.text !== 'string') return config;
  const params = Array.isArray(values) ? values : c.values;
  if (!Array.isArray(params) || params.length === 0) return config;
  const name = names.nameOf(c.text);
  return name === undefined ? config : { ...config, name };
}

const BEGIN = /^\s*begin\b/i;

/**
 * A pg client class whose parameterised statements are named from one process-wide set.
 *
 * It also gives back a pooled client whose `BEGIN` failed: drizzle-orm 0.45's node-postgres
 * `transaction()` sends BEGIN before its try/finally, so a connection lost at that moment (a
 * partition, a restart) was never released and the pool shrank by one for good.
 */
export function statementCachingClient(names: StatementNames): typeof pg.Client {
  class StatementCachingClient extends pg.Client {
    // biome-ignore lint/suspicious/noExplicitAny: pg's query() is overloaded; every form passes through.
    override query(config: any, values?: any, callback?: any): any {
      const result: unknown = super.query(withStatementName(names, config, values), values, callback);
      const text = typeof config === 'string' ? config : config?.text;
      if (callback || typeof text !== 'string' || !BEGIN.test(text) || !(result instanceof Promise)) {
        return result;
      }
      return result.catch((error: unknown) => {
        (this as unknown as { release?: (error?: unknown) => void }).release?.(error);
        throw error;
      });
    }
  }
  return StatementCachingClient;
}
