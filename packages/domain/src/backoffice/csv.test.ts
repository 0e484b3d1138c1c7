import { describe, expect, it } from 'vitest';
import { csvAmount, csvCell, csvPhone, toCsv } from './csv.js';

describe('toCsv', () => {
  it('writes a header and one line per row with CRLF endings', () => {
    const csv = toCsv(
      [
        { header: 'Name', value: (r: { name: string; total: number }) => r.name },
        { header: 'Total', value: (r) => r.total },
      ],
      [
        { name: 'Burger Co', total: 12.5 },
        { name: 'Pho, Bowl "House"', total: 3 },
      ],
    );
    expect(csv).toBe('Name,Total\r\nBurger Co,12.5\r\n"Pho, Bowl ""House""",3\r\n');
  });

  it('never lets a spreadsheet run a cell as a formula', () => {
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell('+61400000000')).toBe("'+61400000000");
    expect(csvCell(-5)).toBe('-5');
  });

  it('neutralises text a spreadsheet would evaluate, but not a plain decimal number', () => {
    expect(csvCell('=1+2')).toBe("'=1+2");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('\t=1')).toBe("'\t=1");
    expect(csvCell('-2873.60')).toBe('-2873.60');
  });

  it('writes amounts as plain numbers whatever their sign', () => {
    expect(csvAmount(-2873.6)).toBe('-2873.60');
    expect(csvAmount(19354.55)).toBe('19354.55');
    expect(csvAmount(0)).toBe('0.00');
    expect(csvAmount(-0)).toBe('0.00');
    expect(csvAmount('-12.50')).toBe('-12.50');
    expect(csvAmount(null)).toBe('');
    expect(() => csvAmount('=1+2')).toThrow(TypeError);
    const csv = toCsv(
      [
        { header: 'Item', value: (r: { item: string; amount: number }) => r.item },
        { header: 'Amount', kind: 'amount', value: (r) => r.amount },
      ],
      [
        { item: 'Refund', amount: -2873.6 },
        { item: 'Sales', amount: 19354.55 },
        { item: 'Nothing', amount: 0 },
      ],
    );
    expect(csv).toBe('Item,Amount\r\nRefund,-2873.60\r\nSales,19354.55\r\nNothing,0.00\r\n');
  });

  it('writes an Australian phone as text every spreadsheet keeps, without a prefix', () => {
    expect(csvPhone('+61412345678')).toBe('0412 345 678');
    expect(csvPhone('+61 3 9123 4567')).toBe('(03) 9123 4567');
    // Another country keeps its code, so it starts with + and takes the text rule's prefix.
    expect(csvPhone('+447911123456')).toBe("'+44 7911 123456");
    expect(csvPhone('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvPhone('')).toBe('');
    expect(
      toCsv(
        [{ header: 'Phone', kind: 'phone', value: (r: { phone: string }) => r.phone }],
        [{ phone: '+61412345678' }],
      ),
    ).toBe('Phone\r\n0412 345 678\r\n');
  });

  it('leaves empty cells for missing values', () => {
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell(Number.NaN)).toBe('');
  });
});
