import { useEffect, useState } from 'react';

/** The time, as the server counts it (`offsetMs` from this device's clock), ticking every second. */
export function useNow(offsetMs: number, everyMs = 1_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now + offsetMs;
}
