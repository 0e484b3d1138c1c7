/** Saves a blob as a file in the browser's downloads, under `filename`. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The click has started the download; the address can go once the browser has read it.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * Saves CSV text as a file. The byte order mark makes spreadsheet programs read it as UTF-8 (names
 * with accents), which they otherwise guess wrong.
 */
export function saveCsv(csv: string, filename: string): void {
  saveBlob(new Blob(['\uFEFF', csv], { type: 'text/csv;charset=utf-8' }), filename);
}

/** A file name part from free text: "Box Hill 01/02" -> "box-hill-01-02". */
export function fileNamePart(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
