import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import type { ReactNode } from 'react';

/**
 * The code DeferredOverlays loads on first use. Named imports (not the packages' namespaces), so the
 * bundler keeps the dialog and notification components out of the entry, which holds their stores.
 */
export function ModalsHost({ children }: { children: ReactNode }) {
  return <ModalsProvider labels={{ confirm: 'Confirm', cancel: 'Cancel' }}>{children}</ModalsProvider>;
}

/**
 * Bottom right: at the top right a notice ("added to your cart") lay over the header's cart and
 * account buttons, and kept them covered while the pointer rested on it (hover pauses closing).
 */
export function NotificationsHost() {
  return <Notifications position="bottom-right" />;
}
