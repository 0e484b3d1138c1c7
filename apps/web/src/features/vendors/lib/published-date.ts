/** "5 Nov 2026" in the browser's time zone (English month abbreviations, as before with dayjs). */
const DATE_PARTS = new Intl.DateTimeFormat('en-US', { day: 'numeric', month: 'short', year: 'numeric' });
export function publishedDate(iso: string): string {
  const parts = DATE_PARTS.formatToParts(new Date(iso));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('day')} ${part('month')} ${part('year')}`;
}
