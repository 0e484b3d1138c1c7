import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from './csv.js';

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

  it('leaves empty cells for missing values', () => {
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell(Number.NaN)).toBe('');
  });
});
