import { useNotifications } from '@mantine/notifications';
import { lazy, Suspense, useEffect, useLayoutEffect, useState, useSyncExternalStore } from 'react';

/**
 * Mantine's modal manager and notification list are only needed once a screen asks for a dialog or a
 * notice, which the first screen of a visit rarely does. Their code (Modal, Portal, focus trap, scroll
 * lock, transitions) loads then, instead of with the entry (bench/web-size.mjs). Callers keep using
 * `modals.openConfirmModal(...)` and `notifications.show(...)` from the Mantine packages unchanged.
 */
const ModalsHost = lazy(async () => ({ default: (await import('./overlay-hosts')).ModalsHost }));
const NotificationsHost = lazy(async () => ({
  default: (await import('./overlay-hosts')).NotificationsHost,
}));

/** The window events `modals.open*` dispatch (Mantine's `createUseExternalEvents('mantine-modals')`). */
const MODAL_EVENTS = ['openModal', 'openConfirmModal', 'openContextModal'].map((e) => `mantine-modals:${e}`);

/**
 * Modal requests made before the provider listens: kept, then sent again once it does. The provider
 * is mounted on the first request; until then nothing of it is loaded.
 */
const pending: { type: string; detail: unknown }[] = [];
let providerListening = false;
const subscribers = new Set<() => void>();

function hold(event: Event) {
  if (providerListening) return;
  pending.push({ type: event.type, detail: (event as CustomEvent).detail });
  for (const notify of subscribers) notify();
}

function subscribe(notify: () => void) {
  subscribers.add(notify);
  return () => subscribers.delete(notify);
}

const wanted = () => providerListening || pending.length > 0;

/** Inside the provider: its listeners are registered (layout effects run first), so replay. */
function ReplayHeldModals() {
  useEffect(() => {
    providerListening = true;
    for (const { type, detail } of pending.splice(0)) window.dispatchEvent(new CustomEvent(type, { detail }));
  }, []);
  return null;
}

function DeferredModals() {
  useLayoutEffect(() => {
    for (const type of MODAL_EVENTS) window.addEventListener(type, hold);
    return () => {
      for (const type of MODAL_EVENTS) window.removeEventListener(type, hold);
    };
  }, []);
  const show = useSyncExternalStore(subscribe, wanted);
  if (!show) return null;
  return (
    <Suspense fallback={null}>
      <ModalsHost>
        <ReplayHeldModals />
      </ModalsHost>
    </Suspense>
  );
}

/** Notifications wait in Mantine's store (no UI code needed) until the list's code has loaded. */
function DeferredNotifications() {
  const { notifications, queue } = useNotifications();
  const [show, setShow] = useState(false);
  if (!show && notifications.length + queue.length > 0) setShow(true);
  if (!show) return null;
  return (
    <Suspense fallback={null}>
      <NotificationsHost />
    </Suspense>
  );
}

/** The app's modal and notification hosts, loaded on first use. */
export function DeferredOverlays() {
  return (
    <>
      <DeferredModals />
      <DeferredNotifications />
    </>
  );
}
