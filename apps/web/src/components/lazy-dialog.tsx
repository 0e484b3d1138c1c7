import { type ComponentType, lazy, Suspense, useState } from 'react';

/**
 * A dialog whose code loads the first time it opens, then stays (so closing animates). For dialogs
 * most visits never open, whose libraries would otherwise weigh on the first screen
 * (bench/web-size.mjs measures it).
 */
export function lazyDialog<P extends { opened: boolean }>(load: () => Promise<ComponentType<P>>) {
  const Dialog = lazy(async () => ({ default: await load() }));
  return function LazyDialog(props: P) {
    const [loaded, setLoaded] = useState(props.opened);
    if (props.opened && !loaded) setLoaded(true);
    if (!loaded) return null;
    return (
      <Suspense fallback={null}>
        <Dialog {...props} />
      </Suspense>
    );
  };
}
