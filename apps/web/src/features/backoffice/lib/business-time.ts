import { DEFAULT_TIME_ZONE, formatWireDate, formatWireTime, localDate } from '@kitchaco/domain';

/** An ISO instant as the back office writes times: "31 Jan 2026 02:30 PM", on the business's clock. */
export function businessTime(iso: string): string {
  const at = new Date(iso);
  return `${formatWireDate(localDate(at, DEFAULT_TIME_ZONE))} ${formatWireTime(at, DEFAULT_TIME_ZONE)}`;
}
