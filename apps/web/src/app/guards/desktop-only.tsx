import { MIN_DESKTOP_WIDTH } from '@kitchaco/domain';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { MobileAppPrompt } from '../../components/mobile-app-prompt';

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
  return wide ? children : <MobileAppPrompt />;
}
