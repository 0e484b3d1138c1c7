import { type ComponentType, lazy, type ReactNode } from 'react';
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

/** A page: the named export of a lazily loaded module (one chunk per module, named once). */
export function page<M>(
  load: () => Promise<M>,
  name: { [K in keyof M]: M[K] extends ComponentType<never> ? K : never }[keyof M],
): ReactNode {
  const Page = lazy(async () => ({ default: (await load())[name] as ComponentType }));
  return <Page />;
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
