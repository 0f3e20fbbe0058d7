import { useEffect } from 'react';
import { useLocation, useMatches } from 'react-router';
import { create } from 'zustand';
import { useAppBrand } from './app-brand';

/**
 * The document title of every page (GOV.UK "Page template"): the page's own title, then the brand, and "Error: "
 * before both while the page shows the errors of a failed submit, so a screen reader announces the failure
 * with the page. A route declares its title once, with its path (`lib/paths.ts`), and carries it in its
 * `handle`; a page whose title depends on what it shows may set its own for as long as it stays open.
 */

/** What a route's `handle` carries for the title. */
export interface PageHandle {
  title?: string;
}

/** What the open page said about itself, tied to the navigation it was said on (`location.key`). */
interface PageTitleState {
  /** A title the page set itself, replacing its route's. */
  own?: { key: string; title: string };
  /** The navigation whose page shows the errors of a failed submit. */
  failedSubmitOn?: string;
}

const usePageTitleStore = create<PageTitleState>(() => ({}));

/**
 * The document title: `Error: ` after a failed submit, the page's title, then the brand's name; for a page without
 * a title of its own, the brand's configured page title (`brandTitle`, spec §4), or its name until it is known.
 */
export function composeTitle(
  pageTitle: string | undefined,
  brandName: string,
  failedSubmit: boolean,
  brandTitle?: string,
): string {
  const title = pageTitle ? `${pageTitle} – ${brandName}` : brandTitle === undefined || brandTitle === '' ? brandName : brandTitle;
  return failedSubmit ? `Error: ${title}` : title;
}

/** The title the deepest matched route declares (a question page's question, when its route declares it). */
export function useRouteTitle(): string | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const title = (matches[i]?.handle as PageHandle | undefined)?.title;
    if (title) return title;
  }
  return undefined;
}

/** Keeps `document.title` true to the open page; the root layout calls it once. */
export function useDocumentTitle(): void {
  const { key } = useLocation();
  const routeTitle = useRouteTitle();
  const { tokens, config } = useAppBrand();
  const own = usePageTitleStore((state) => (state.own?.key === key ? state.own.title : undefined));
  const failedSubmit = usePageTitleStore((state) => state.failedSubmitOn === key);
  const title = composeTitle(own ?? routeTitle, tokens.displayName, failedSubmit, config?.pageTitle);
  useEffect(() => {
    document.title = title;
  }, [title]);
}

/** Gives the open page its own title (for as long as this navigation lasts), instead of its route's. */
export function usePageTitle(title: string | undefined): void {
  const { key } = useLocation();
  useEffect(() => {
    if (title) usePageTitleStore.setState({ own: { key, title } });
  }, [key, title]);
}

/**
 * Tells the title whether the open page shows the errors of a failed submit; a question page calls it after
 * each submit. A new navigation starts without errors.
 */
export function useFailedSubmitTitle(failed: boolean): void {
  const { key } = useLocation();
  useEffect(() => {
    usePageTitleStore.setState((state) => {
      if (failed) return { failedSubmitOn: key };
      return state.failedSubmitOn === key ? { failedSubmitOn: undefined } : state;
    });
  }, [key, failed]);
}
