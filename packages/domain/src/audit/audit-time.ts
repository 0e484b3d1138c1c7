import { DEFAULT_TIME_ZONE } from '../constants.js';
import { formatWireDate, localDate, zonedParts } from '../dates/business-time.js';

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * When an audit entry was made, as the back office and its CSV show it: 'DD Mon YYYY HH:mm' on the
 * business's clock ('07 Sep 2026 14:05'), whatever the reader's own time zone.
 */
export function formatAuditTime(at: Date | string, timeZone = DEFAULT_TIME_ZONE): string {
  const instant = typeof at === 'string' ? new Date(at) : at;
  const p = zonedParts(instant, timeZone);
  return `${formatWireDate(localDate(instant, timeZone))} ${pad(p.hour)}:${pad(p.minute)}`;
}
