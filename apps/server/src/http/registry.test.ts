import { allCalls, type QueryCall, type RouteCall } from '@kitchaco/domain';
import { describe, expect, it } from 'vitest';
import { modules } from '../modules/index.js';

const keyOf = (d: QueryCall | RouteCall) =>
  d.kind === 'call' ? `${d.endpoint} ${d.queryType}` : `${d.method} ${d.url}`;

describe('the wire contract and the server', () => {
  it('handles every call declared in packages/domain exactly once, and nothing undeclared', () => {
    const declared = allCalls().map(keyOf).sort();
    const handled = modules
      .flatMap((m) => [...(m.routes ?? []), ...(m.calls ?? [])])
      .map(keyOf)
      .sort();
    expect(new Set(declared).size, 'a declaration is repeated').toBe(declared.length);
    expect(handled).toEqual(declared);
  });

  it("declares every query_type call with the old clients' failure style (the endpoints answer so)", () => {
    const other = allCalls().filter((d) => d.kind === 'call' && d.failures !== 'spec');
    expect(other.map(keyOf)).toEqual([]);
  });
});
