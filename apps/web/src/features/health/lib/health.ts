import type { HealthLevel, ProviderCheckStatus, ProviderState } from '@kitchaco/domain';

/** Each level in words and colour: the word is always shown, the colour only repeats it. */
export const LEVEL_BADGES: Record<HealthLevel, { label: string; color: string; mark: string }> = {
  ok: { label: 'OK', color: 'green', mark: '✓' },
  attention: { label: 'Attention', color: 'orange', mark: '!' },
  failing: { label: 'Failing', color: 'red', mark: '✕' },
};

/** The go-live check's statuses, in words (the colour only repeats them). */
export const PROVIDER_CHECK_BADGES: Record<ProviderCheckStatus, { label: string; color: string }> = {
  ready: { label: 'Ready', color: 'green' },
  not_configured: { label: 'Not configured', color: 'gray' },
  problem: { label: 'Problem', color: 'red' },
};

export const PROVIDER_STATE_BADGES: Record<ProviderState, { label: string; color: string }> = {
  ok: { label: 'Working', color: 'green' },
  failing: { label: 'Failing', color: 'red' },
  never_used: { label: 'Never used', color: 'gray' },
  not_configured: { label: 'Not configured', color: 'gray' },
};

/** The worst level of the headline, for the page's first words. */
export function worstLevel(levels: HealthLevel[]): HealthLevel {
  if (levels.includes('failing')) return 'failing';
  if (levels.includes('attention')) return 'attention';
  return 'ok';
}

/** "14:05:09" in the browser's time zone (the person's own clock). */
export function clockTime(iso: string): string {
  return new Date(iso).toLocaleTimeString('en-AU', {
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hour12: false,
  });
}

/** "3 min ago", "2 h ago", "4 days ago" from `now`; "never" for null. */
export function ago(iso: string | null, now: number): string {
  if (!iso) return 'never';
  const seconds = Math.max(0, Math.round((now - Date.parse(iso)) / 1000));
  if (seconds < 60) return `${seconds} s ago`;
  if (seconds < 7200) return `${Math.round(seconds / 60)} min ago`;
  if (seconds < 172_800) return `${Math.round(seconds / 3600)} h ago`;
  return `${Math.round(seconds / 86_400)} days ago`;
}

/** A waiting time in seconds as "45 s" or "12 min"; "—" when nothing waits. */
export function waited(seconds: number | null): string {
  if (seconds === null) return '—';
  return seconds < 120 ? `${Math.round(seconds)} s` : `${Math.round(seconds / 60)} min`;
}
