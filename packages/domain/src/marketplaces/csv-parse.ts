/**
 * Reads CSV text (RFC 4180): commas, double-quoted fields with "" for a quote, line breaks inside
 * quotes, CRLF or LF line ends, a leading byte-order mark. Each record keeps the line it starts on,
 * so an error can name the row a spreadsheet shows.
 */
export interface CsvRecord {
  /** 1-based line of the file where the record starts (the heading is line 1). */
  line: number;
  cells: string[];
}

export type CsvReadResult = { ok: true; records: CsvRecord[] } | { ok: false; line: number; message: string };

export function readCsv(text: string): CsvReadResult {
  const input = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const records: CsvRecord[] = [];
  let cells: string[] = [];
  let cell = '';
  let line = 1;
  let recordLine = 1;
  let quoted = false;
  let quoteLine = 0;
  let i = 0;
  const endRecord = () => {
    cells.push(cell);
    // A blank line is no record.
    if (cells.length > 1 || cells[0] !== '') records.push({ line: recordLine, cells });
    cells = [];
    cell = '';
  };
  while (i < input.length) {
    const ch = input[i]!;
    if (quoted) {
      if (ch === '"') {
        if (input[i + 1] === '"') {
          cell += '"';
          i += 2;
          continue;
        }
        quoted = false;
        i += 1;
        continue;
      }
      if (ch === '\n') line += 1;
      cell += ch;
      i += 1;
      continue;
    }
    if (ch === '"') {
      if (cell.trim() !== '') {
        return { ok: false, line, message: 'a quote in the middle of a field: quote the whole field' };
      }
      cell = '';
      quoted = true;
      quoteLine = line;
      i += 1;
      continue;
    }
    if (ch === ',') {
      cells.push(cell);
      cell = '';
      i += 1;
      continue;
    }
    if (ch === '\r' || ch === '\n') {
      endRecord();
      i += ch === '\r' && input[i + 1] === '\n' ? 2 : 1;
      line += 1;
      recordLine = line;
      continue;
    }
    cell += ch;
    i += 1;
  }
  if (quoted) return { ok: false, line: quoteLine, message: 'a quoted field is never closed' };
  if (cell !== '' || cells.length > 0) endRecord();
  return { ok: true, records };
}
