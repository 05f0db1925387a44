import type { Params } from 'react-router';
import type { RouteModule } from './page';

/** The title rule (docs/requirements.md, Screens): "<route title> - <app name>", the app name alone when no title. */
export function buildTitle(routeTitle: string | undefined | null, appName: string): string {
  const title = routeTitle?.trim();
  return title && title !== appName ? `${title} - ${appName}` : appName;
}

/** Route handle: the common.json key of the route's title, or a function of the route params. */
export interface RouteHandle {
  title?: string | ((params: Params) => string);
  /** A public page: rendered on the server, then hydrated (router.tsx, publicPage). */
  ssr?: boolean;
  /** The route's module, for the server's prefetch and meta. */
  module?: () => Promise<RouteModule>;
}

/** The title key of the deepest route that names one. */
export function titleKeyOf(matches: readonly { handle?: unknown; params: Params }[]): string | undefined {
  for (let i = matches.length - 1; i >= 0; i--) {
    const match = matches[i]!;
    const title = (match.handle as RouteHandle | undefined)?.title;
    if (typeof title === 'string') return title;
    if (typeof title === 'function') return title(match.params);
  }
  return undefined;
}
