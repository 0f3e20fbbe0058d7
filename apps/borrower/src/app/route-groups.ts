import { matchPath } from 'react-router';
import type { PatchRoutesOnNavigationFunction, RouteObject } from 'react-router';
import { routeGroupPaths } from '../lib/paths';

/** The id of the root route (routes.tsx), under which a route group's routes are added. */
export const ROOT_ROUTE_ID = 'root';

/**
 * A route group: screens of one area whose routes, with their titles and guards, are declared in a module of
 * their own (route-groups/…). The first screen carries only the group's paths; the rest is loaded when one of
 * them is first opened, typed or linked, so that a new area adds no bytes to the first screen. Each route's screen
 * is still a lazy chunk of its own.
 */
export interface RouteGroup {
  /** Every path the group routes, to know which group a navigation needs. */
  paths: readonly string[];
  load: () => Promise<RouteObject[]>;
}

export const routeGroups: readonly RouteGroup[] = [
  { paths: routeGroupPaths.loanAccount, load: async () => (await import('./route-groups/loan-account')).routes },
  { paths: routeGroupPaths.afterApproval, load: async () => (await import('./route-groups/after-approval')).routes },
  { paths: routeGroupPaths.documents, load: async () => (await import('./route-groups/loan-documents')).routes },
  { paths: routeGroupPaths.paying, load: async () => (await import('./route-groups/paying')).routes },
];

/**
 * The router asks this when a navigation matches no route but a splat or one with parameters (react-router's
 * route discovery): the group that owns the path is loaded and its routes are added to the root's children, then
 * the router matches again. A path of no group is left to the routes there are (the 404 page); a group whose chunk
 * fails to load fails the navigation, which shows the error screen, as a screen's chunk does.
 */
export const discoverRoutes: PatchRoutesOnNavigationFunction = async ({ path, patch }) => {
  const group = routeGroups.find((candidate) => candidate.paths.some((owned) => matchPath(owned, path) !== null));
  if (group === undefined) return;
  patch(ROOT_ROUTE_ID, await group.load());
};
