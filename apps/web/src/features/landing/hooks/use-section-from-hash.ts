import { useEffect } from 'react';
import { useLocation } from '../../../lib/router';

/**
 * Scrolls to the section the address names (`#process`) and gives it focus, on arrival and on every
 * navbar link followed, even to the same section twice. The section has tabIndex -1, so the next Tab
 * continues inside it rather than back at the navbar.
 */
export function useSectionFromHash(): void {
  const { hash, key } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` changes on every navigation, so following the same link again scrolls again.
  useEffect(() => {
    const id = decodeURIComponent(hash.slice(1));
    const section = id ? document.getElementById(id) : null;
    if (!section) return;
    const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    section.scrollIntoView({ behavior: reducedMotion ? 'auto' : 'smooth', block: 'start' });
    section.focus({ preventScroll: true });
  }, [hash, key]);
}
