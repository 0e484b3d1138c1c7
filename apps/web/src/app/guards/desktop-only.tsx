import { MIN_DESKTOP_WIDTH } from '@kitchaco/domain';
import { useMediaQuery } from '@mantine/hooks';
import { lazy, type ReactNode, Suspense } from 'react';

// Only narrow windows show it: its code loads then.
const MobileAppPrompt = lazy(async () => ({
  default: (await import('../../components/mobile-app-prompt')).MobileAppPrompt,
}));

const DESKTOP_QUERY = `(min-width: ${MIN_DESKTOP_WIDTH}px)`;

/**
 * Customer pages need at least MIN_DESKTOP_WIDTH; narrower windows get the app download prompt.
 * A media query rather than a resize listener: it fires only when the width crosses the limit, and
 * reading it on the first render (not in an effect) avoids flashing the wrong screen.
 */
export function DesktopOnly({ children }: { children: ReactNode }) {
  const wide = useMediaQuery(DESKTOP_QUERY, window.matchMedia(DESKTOP_QUERY).matches, {
    getInitialValueInEffect: false,
  });
  if (wide) return children;
  return (
    <Suspense fallback={null}>
      <MobileAppPrompt />
    </Suspense>
  );
}
