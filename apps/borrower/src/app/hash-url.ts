/**
 * The hash URL for a page opened at a path outside the app's root (spec §2: "a path given outside the root is
 * rewritten to a hash URL"): `/loan/purpose?from=render` becomes `/#/loan/purpose?from=render`, keeping the
 * query. Undefined when the page is already at the root (a hash route, or none). `base` is the app's root
 * (Vite's BASE_URL, ending in `/`); `index.html` at the root counts as the root. A hash that came with the
 * outside path is dropped: the path names the screen.
 */
export function hashUrlFor(location: Pick<Location, 'pathname' | 'search'>, base = '/'): string | undefined {
  const { pathname, search } = location;
  if (!pathname.startsWith(base)) return undefined;
  const route = pathname.slice(base.length);
  if (route === '' || route === 'index.html') return undefined;
  return `${base}#/${route}${search}`;
}

/**
 * Rewrites the address before the router starts (see hashUrlFor), in place: no reload, no new history entry.
 * Returns whether it did.
 */
export function rewritePathToHash(
  location: Pick<Location, 'pathname' | 'search'> = window.location,
  history: Pick<History, 'replaceState' | 'state'> = window.history,
  base: string = import.meta.env.BASE_URL,
): boolean {
  const url = hashUrlFor(location, base);
  if (url === undefined) return false;
  history.replaceState(history.state, '', url);
  return true;
}
