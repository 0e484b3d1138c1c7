import { describe, expect, it } from 'vitest';
import { compactValue, fieldChanges, MAX_VALUE_TEXT, WHOLE_VALUE } from './changes';

describe('field changes of an audit entry', () => {
  it('lists every field of either side in order, marking the changed ones', () => {
    expect(
      fieldChanges(
        { status: 'Cooking', total: 12.5, lines: [{ meal: 'Burger', quantity: 1 }] },
        { status: 'Ready', total: 12.5, lines: [{ quantity: 1, meal: 'Burger' }], changed_by: 'a@b' },
      ),
    ).toEqual([
      { field: 'status', before: 'Cooking', after: 'Ready', changed: true },
      { field: 'total', before: 12.5, after: 12.5, changed: false },
      {
        field: 'lines',
        before: [{ meal: 'Burger', quantity: 1 }],
        after: [{ quantity: 1, meal: 'Burger' }],
        changed: false,
      },
      { field: 'changed_by', before: undefined, after: 'a@b', changed: true },
    ]);
  });

  it('shows a creation or a removal against nothing, and a field set to null as changed', () => {
    expect(fieldChanges(null, { name: 'Milk' })).toEqual([
      { field: 'name', before: undefined, after: 'Milk', changed: true },
    ]);
    expect(fieldChanges({ name: 'Milk' }, null)).toEqual([
      { field: 'name', before: 'Milk', after: undefined, changed: true },
    ]);
    expect(fieldChanges({ note: 'x' }, { note: null })[0]?.changed).toBe(true);
    expect(fieldChanges(null, null)).toEqual([]);
  });

  it('compares values that are not objects as one row', () => {
    expect(fieldChanges([1, 2], [1, 3])).toEqual([
      { field: WHOLE_VALUE, before: [1, 2], after: [1, 3], changed: true },
    ]);
    expect(fieldChanges(5, 5)).toEqual([{ field: WHOLE_VALUE, before: 5, after: 5, changed: false }]);
  });
});

describe('a value on one line', () => {
  it('keeps texts, spells null, writes nested values as compact JSON and cuts long ones', () => {
    expect(compactValue('Ready for pickup')).toBe('Ready for pickup');
    expect(compactValue(null)).toBe('null');
    expect(compactValue(undefined)).toBeNull();
    expect(compactValue(false)).toBe('false');
    expect(compactValue({ a: [1, { b: 'c' }] })).toBe('{"a":[1,{"b":"c"}]}');
    const long = compactValue({ text: 'x'.repeat(1000) }) ?? '';
    expect(long).toHaveLength(MAX_VALUE_TEXT);
    expect(long.endsWith('…')).toBe(true);
  });
});
