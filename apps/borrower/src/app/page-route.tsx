import { isValidElement } from 'react';
import type { ComponentType, ReactElement } from 'react';
import { Navigate } from 'react-router';
import type { RouteObject } from 'react-router';
import type { PageHandle } from '../lib/page-title';
import { redirects } from '../lib/paths';
import type { Page } from '../lib/paths';

/** A module of screens, loaded on demand: `() => import('../features/…')`. */
type ScreenModule<K extends string> = () => Promise<Record<K, ComponentType>>;

/**
 * The route builder of a table of pages (lib/paths.ts `pages`, or a route group's own table), which reads each
 * page's title and guard from it:
 * - `page(path, () => import('…'), 'ExportName')`: the screen is loaded on demand (spec §2: all routes load on
 *   demand), in its own chunk, with `lazy` in its function form: the object form of react-router 7.18 swallows
 *   a chunk that fails to load, so the error screen would never show. A guarded page loads its guard
 *   (route-guards.tsx) with the screen, so no guard code is in the first screen; the guard's loader then runs
 *   on every navigation to the page. `handle` adds what the screen reads of its route.
 * - `page(path, <Screen />)`: the first screen only, drawn from the entry chunk without waiting for one.
 */
export function pageRoutes<P extends string>(table: Readonly<Record<P, Page>>) {
  function page(path: P, firstScreen: ReactElement): RouteObject;
  function page<K extends string>(path: P, load: ScreenModule<NoInfer<K>>, name: K, handle?: object): RouteObject;
  function page(path: P, screen: ReactElement | ScreenModule<string>, name?: string, handle?: object): RouteObject {
    const { title, guard } = table[path];
    const pageHandle: PageHandle = title === undefined ? { ...handle } : { ...handle, title };
    if (isValidElement(screen)) {
      if (guard !== undefined) throw new Error(`${path}: the first screen is drawn at once, so it has no guard`);
      return { path, handle: pageHandle, element: screen };
    }
    const load = async () => {
      const Screen = (await screen())[name ?? ''];
      if (Screen === undefined) throw new Error(`${path}: its module exports no ${String(name)}`);
      return Screen;
    };
    return {
      path,
      handle: pageHandle,
      lazy:
        guard === undefined
          ? async () => ({ Component: await load() })
          : async () => {
              const [{ guardedRoute }, Screen] = await Promise.all([import('./route-guards'), load()]);
              return guardedRoute(guard, Screen);
            },
    };
  }
  return page;
}

/** The route of a path that only leads elsewhere (lib/paths.ts `redirects`). */
export function redirectRoute(path: keyof typeof redirects): RouteObject {
  return { path, element: <Navigate replace to={redirects[path]} /> };
}
