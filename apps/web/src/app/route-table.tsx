import { Children, type ComponentType, isValidElement, type ReactNode, use } from 'react';
import { parse } from 'regexparam';
import { matchRoute, Route } from 'wouter';
import { useLocation } from '../lib/router';

export type RouteParams = Record<string, string | undefined>;

export interface AppRoute {
  /** A wouter pattern (exact addresses, `/:ref` for one segment, `*` for anything) or a RegExp. */
  path: string | RegExp;
  content: ReactNode;
  /** Reads the page needs, started with its code rather than after it (first-screen-data.ts). */
  prefetch?: (params: RouteParams) => void;
}

/** Something whose code can be loaded ahead of its first render. */
export interface Preloadable {
  preload: () => Promise<unknown>;
}

/**
 * A component whose code loads on its first render, suspending until then, or earlier with
 * `preload()`; once loaded it renders at once. The app preloads the first page before its first
 * render (main.tsx): a page that suspended in nested steps (layout, then page) would be revealed
 * only after React's 300 ms Suspense throttle. A failed load is kept, as `React.lazy` keeps it: a
 * new promise on each render would retry for ever instead of showing the error page, which asks for
 * a reload.
 */
export function lazyComponent<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const preload = () => {
    loading ??= load().then((component) => {
      loaded = component;
      return component;
    });
    return loading;
  };
  function LazyComponent(props: P) {
    const Component = loaded ?? use(preload());
    return <Component {...props} />;
  }
  return Object.assign(LazyComponent, { preload });
}

/** A page: the named export of a lazily loaded module (one chunk per module, named once). */
export function page<M>(
  load: () => Promise<M>,
  name: { [K in keyof M]: M[K] extends ComponentType<never> ? K : never }[keyof M],
): ReactNode {
  const Page = lazyComponent(async () => (await load())[name] as ComponentType);
  return <Page />;
}

/** Loads the code of every lazily loaded component in an element tree (a route's content). */
function preloadTree(node: ReactNode): Promise<unknown>[] {
  if (!isValidElement<{ children?: ReactNode }>(node)) return [];
  const own = (node.type as Partial<Preloadable>).preload?.();
  return [...(own ? [own] : []), ...Children.toArray(node.props.children).flatMap(preloadTree)];
}

/** Loads the code of the page at this path (its layout, page and what decides between them). */
export async function preloadRoute(routes: AppRoute[], pathname: string): Promise<void> {
  const match = firstMatch(routes, pathname);
  if (match) await Promise.all(preloadTree(match.route.content));
}

/** The first route whose pattern matches the path, in the table's order, and its params. */
export function firstMatch(
  routes: AppRoute[],
  pathname: string,
): { route: AppRoute; params: RouteParams } | null {
  for (const route of routes) {
    const [matches, params] = matchRoute(parse, route.path, pathname);
    if (matches) return { route, params: params as RouteParams };
  }
  return null;
}

/**
 * Renders the first route of the table matching the current address. The tables end with `*`. The
 * same element type stays in place from page to page, so a frame around the pages (a layout) is kept.
 */
export function RouteTable({ routes }: { routes: AppRoute[] }) {
  const match = firstMatch(routes, useLocation().pathname);
  if (!match) return null;
  return <Route path={match.route.path}>{match.route.content}</Route>;
}
