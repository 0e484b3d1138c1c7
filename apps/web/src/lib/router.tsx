import {
  type AnchorHTMLAttributes,
  createContext,
  type ReactNode,
  type Ref,
  startTransition,
  useContext,
  useEffect,
  useRef,
  useState,
} from 'react';
import { Redirect, Router, useLocation as useWouterLocation, Link as WouterLink } from 'wouter';
import { navigate as historyNavigate } from 'wouter/use-browser-location';

/**
 * The app's one routing module. Addresses are matched and followed by wouter (about 2 KiB, where
 * React Router's data router weighed 29 KiB of the customer's first screen: docs/performance.md);
 * this adds what the pages rely on: the whole location (hash, history state and a key per
 * navigation) and navigations rendered as transitions, so the current page stays on screen while
 * the next one's code loads instead of flashing a loader. Pages import routing only from here.
 */

/** Where the browser is: the address, its history entry's state and a key new with each navigation. */
export interface AppLocation {
  pathname: string;
  search: string;
  hash: string;
  state: unknown;
  key: string;
}

export interface NavigateOptions {
  /** Replace the current history entry instead of adding one. */
  replace?: boolean;
  /** Kept with the history entry (back and forward bring it back): `useLocation().state`. */
  state?: unknown;
}

export type Navigate = (to: string, options?: NavigateOptions) => void;

/** Every way the address changes: links and code (wouter reports pushState/replaceState), back/forward, hash links. */
const CHANGES = ['pushState', 'replaceState', 'popstate', 'hashchange'] as const;

let navigations = 0;
const readLocation = (): AppLocation => ({
  pathname: window.location.pathname,
  search: window.location.search,
  hash: window.location.hash,
  state: window.history.state,
  key: String(++navigations),
});

const sameEntry = (a: AppLocation, b: AppLocation) =>
  a.pathname === b.pathname && a.search === b.search && a.hash === b.hash && a.state === b.state;

const LocationContext = createContext<AppLocation | null>(null);

function useAppLocationContext(): AppLocation {
  const here = useContext(LocationContext);
  if (!here) throw new Error('Routing hooks need <BrowserRouter> above them');
  return here;
}

// wouter reads the address through these two hooks, so its routes and links see the same location.
const usePathnameForWouter = (): [string, Navigate] => [useAppLocationContext().pathname, historyNavigate];
const useSearchForWouter = () => useAppLocationContext().search;

/**
 * Holds the current location and renders each change as a transition. `onNavigate` runs for every
 * new location, outside rendering: the place to start the reads a page needs.
 */
export function BrowserRouter({
  children,
  onNavigate,
}: {
  children: ReactNode;
  onNavigate?: (location: AppLocation) => void;
}) {
  const [here, setHere] = useState(readLocation);
  const current = useRef(here);
  useEffect(() => {
    const update = (event: Event) => {
      const next = readLocation();
      // A new entry is a navigation even to the same address (following a link twice); replacing
      // an entry with itself is not.
      if (event.type !== 'pushState' && sameEntry(next, current.current)) return;
      current.current = next;
      onNavigate?.(next);
      startTransition(() => setHere(next));
    };
    for (const change of CHANGES) window.addEventListener(change, update);
    // A redirect in the first render navigates before this effect subscribes.
    update(new Event('subscribed'));
    return () => {
      for (const change of CHANGES) window.removeEventListener(change, update);
    };
  }, [onNavigate]);
  return (
    <LocationContext value={here}>
      <Router hook={usePathnameForWouter} searchHook={useSearchForWouter}>
        {children}
      </Router>
    </LocationContext>
  );
}

export function useLocation(): AppLocation {
  return useAppLocationContext();
}

export function useNavigate(): Navigate {
  return useWouterLocation()[1] as Navigate;
}

// `useSearchParams()`: the address's query, and a setter that navigates to the same path with new ones.
export { useParams, useSearchParams } from 'wouter';

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> &
  NavigateOptions & {
    to: string;
    /** A full page load instead of a navigation inside the app (the error page's way out). */
    reloadDocument?: boolean;
    ref?: Ref<HTMLAnchorElement>;
  };

/** An address inside the app: a real link (new tab, copy address) that navigates without a page load. */
export function Link({ to, reloadDocument, replace, state, ...anchor }: LinkProps) {
  if (reloadDocument) return <a href={to} {...anchor} />;
  return <WouterLink to={to} replace={replace} state={state} {...anchor} />;
}

/** A link marked `aria-current="page"` (and class `active`) while its address is the current one. */
export function NavLink({ className, ...props }: LinkProps) {
  const active = useLocation().pathname === props.to;
  return (
    <Link
      {...props}
      className={[className, active ? 'active' : ''].filter(Boolean).join(' ') || undefined}
      aria-current={active ? 'page' : undefined}
    />
  );
}

/** Navigates as soon as it renders: an address that belongs elsewhere. */
export function Navigate({ to, replace, state }: NavigateOptions & { to: string }) {
  return <Redirect to={to} replace={replace} state={state} />;
}
