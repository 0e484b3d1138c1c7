/**
 * localStorage that never throws (storage can be disabled or full) and tells same-tab subscribers
 * about changes; other tabs hear about them through the browser's 'storage' event.
 */
type Listener = () => void;

const listeners = new Set<Listener>();

function notify(): void {
  for (const listener of listeners) listener();
}

export const storage = {
  get(key: string): string | null {
    try {
      return window.localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set(key: string, value: string): void {
    try {
      window.localStorage.setItem(key, value);
    } catch (error) {
      console.warn(`Could not write ${key} to browser storage`, error);
    }
    notify();
  },
  /** Writes several keys and notifies once, so subscribers never see half a session. */
  setMany(entries: Record<string, string>): void {
    try {
      for (const [key, value] of Object.entries(entries)) window.localStorage.setItem(key, value);
    } catch (error) {
      console.warn('Could not write to browser storage', error);
    }
    notify();
  },
  remove(...keys: readonly string[]): void {
    try {
      for (const key of keys) window.localStorage.removeItem(key);
    } catch {
      // Nothing stored means nothing to remove.
    }
    notify();
  },
  /** Tells subscribers to read again: something their snapshot depends on besides the keys changed. */
  changed(): void {
    notify();
  },
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    const onStorage = (): void => listener();
    window.addEventListener('storage', onStorage);
    return () => {
      listeners.delete(listener);
      window.removeEventListener('storage', onStorage);
    };
  },
};

/**
 * A snapshot of some keys for useSyncExternalStore: `read` runs only when one of the keys changed,
 * so the same object is returned between changes (React compares snapshots by identity).
 */
export function createStorageSnapshot<T>(keys: readonly string[], read: () => T): () => T {
  let lastRaw: string | undefined;
  let last: T;
  return () => {
    const raw = JSON.stringify(keys.map((key) => storage.get(key)));
    if (raw !== lastRaw) {
      lastRaw = raw;
      last = read();
    }
    return last;
  };
}
