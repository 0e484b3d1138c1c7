import { addDays, DEFAULT_TIME_ZONE, type IsoDate, localDate, parseWireDate } from '@kitchaco/domain';
import { useCallback, useSyncExternalStore } from 'react';
import { createStorageSnapshot, storage } from '../storage';
import { STORAGE_KEYS } from '../storage-keys';

const KEYS = STORAGE_KEYS.reportFilters;

/** Report screens default to the last 14 days, today included. */
export const DEFAULT_RANGE_DAYS = 14;

export interface ReportFilters {
  /** 0 = all locations (where the screen offers All). */
  locationId: number;
  startDate: IsoDate;
  endDate: IsoDate;
}

/**
 * Today in the business's time zone, not the browser's: the server counts days where the locations
 * are, so a browser elsewhere (or in UTC, an hour after midnight in Melbourne) must not lag a day.
 */
export function todayIso(): IsoDate {
  return localDate(new Date(), DEFAULT_TIME_ZONE);
}

function isoOrNull(value: string | null): IsoDate | null {
  return value ? parseWireDate(value) : null;
}

function read(): ReportFilters {
  const today = todayIso();
  const id = Number(storage.get(KEYS.locationId));
  const endDate = isoOrNull(storage.get(KEYS.endDate)) ?? today;
  const startDate = isoOrNull(storage.get(KEYS.startDate)) ?? addDays(endDate, -(DEFAULT_RANGE_DAYS - 1));
  return {
    locationId: Number.isInteger(id) && id >= 0 ? id : 0,
    startDate: startDate <= endDate ? startDate : endDate,
    endDate,
  };
}

const snapshot = createStorageSnapshot(Object.values(KEYS), read);

/**
 * The location and dates chosen on a report screen, kept in browser storage so the next screen
 * (dashboards, order lists, operator reports, past orders, stock list, bundles, usage report)
 * opens on the same choice.
 */
export function useReportFilters(): [ReportFilters, (next: Partial<ReportFilters>) => void] {
  const filters = useSyncExternalStore(storage.subscribe, snapshot);
  const save = useCallback((next: Partial<ReportFilters>) => {
    const entries: Record<string, string> = {};
    if (next.locationId !== undefined) entries[KEYS.locationId] = String(next.locationId);
    if (next.startDate !== undefined) entries[KEYS.startDate] = next.startDate;
    if (next.endDate !== undefined) entries[KEYS.endDate] = next.endDate;
    storage.setMany(entries);
  }, []);
  return [filters, save];
}

/** '2026-01-31' as the pickers show it: 31/01/2026. */
export function displayDate(date: IsoDate): string {
  const [year, month, day] = date.split('-');
  return `${day}/${month}/${year}`;
}

export function sameFilters(a: ReportFilters, b: ReportFilters): boolean {
  return a.locationId === b.locationId && a.startDate === b.startDate && a.endDate === b.endDate;
}
