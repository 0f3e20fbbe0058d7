import { expiringLocalStorage } from '@lender/api-client/storage';
import type { ExpiringStorage } from '@lender/api-client/storage';
import { create } from 'zustand';
import { storageKeys } from './storage-keys';

/** The window width past which the root font size stops growing (spec §9). */
export const ROOT_FONT_MAX_WIDTH_PX = 540;
/** The body width under which a resize reloads the page (spec §4 "Other", §9). */
export const RELOAD_BELOW_WIDTH_PX = 375;
/** How long the window must stop resizing before the layout is recomputed (spec §9). */
export const RESIZE_DEBOUNCE_MS = 300;

/** The root (`html`) font size in px for a window width: the width divided by 10, capped at 540 px wide. */
export function rootFontSizePx(windowWidth: number): number {
  return Math.min(Math.max(windowWidth, 0), ROOT_FONT_MAX_WIDTH_PX) / 10;
}

/**
 * Whether a resize reloads the page (spec §4 "Other"): the body width fell below 375 px, and the width
 * stored at the previous layout was not 0.
 *
 * "Fell" is read as "is narrower than the stored width": a phone narrower than 375 px fires `resize` every
 * time its address bar slides in or out (the height changes, the width does not), and reloading then would
 * reload the page in a loop while the person scrolls. Nothing stored, or something that is not a number,
 * counts as 0: the page was never laid out with a width.
 */
export function shouldReloadOnResize(bodyWidth: number, previousStoredWidth: string | null): boolean {
  const previous = Number(previousStoredWidth ?? 0);
  if (!Number.isFinite(previous) || previous === 0) return false;
  return bodyWidth < RELOAD_BELOW_WIDTH_PX && bodyWidth < previous;
}

/** The platform marker of spec §3. `andriod` is the specification's spelling, which stored data uses. */
export type Platform = 'ios' | 'andriod' | 'pc';

/** The platform marker for a user agent (spec §9: mobile detection by user-agent matching). */
export function platformOf(userAgent: string): Platform {
  if (/iPhone|iPad|iPod/i.test(userAgent)) return 'ios';
  if (/Android/i.test(userAgent)) return 'andriod';
  return 'pc';
}

/** Whether a user agent is a phone's or tablet's (spec §9: mobile detection by user-agent matching). */
export function isMobileUserAgent(userAgent: string): boolean {
  return /Android|webOS|iPhone|iPad|iPod|BlackBerry|IEMobile|Opera Mini|Mobile/i.test(userAgent);
}

export interface LayoutState {
  /** The root font size in px, which the MUI theme's `htmlFontSize` follows. */
  rootFontPx: number;
  /** Whether the device is a mobile one (by its user agent). */
  isMobile: boolean;
}

/** The layout the app was last laid out with. Before startLayout runs: a 375 px phone-less default. */
export const useLayoutStore = create<LayoutState>()(() => ({
  rootFontPx: rootFontSizePx(RELOAD_BELOW_WIDTH_PX),
  isMobile: false,
}));

export interface LayoutEnvironment {
  window: Pick<Window, 'innerWidth' | 'addEventListener' | 'removeEventListener'> & {
    navigator: Pick<Navigator, 'userAgent'>;
  };
  document: Pick<Document, 'documentElement' | 'body'>;
  storage: ExpiringStorage;
  reload: () => void;
}

function browserEnvironment(): LayoutEnvironment {
  return {
    window,
    document,
    storage: expiringLocalStorage,
    reload: () => {
      window.location.reload();
    },
  };
}

/**
 * Lays the page out for the device (spec §4 "Other", §9) and keeps it so: sets the root font size, stores the
 * `platform`, `isMobile` and `clientWidth` markers, and, 300 ms after the window stops resizing, lays out
 * again or reloads the page when the body became narrower than 375 px. Call it once, before the first
 * render; returns the function that stops listening.
 */
export function startLayout(env: LayoutEnvironment = browserEnvironment()): () => void {
  const { window: win, document: doc, storage } = env;
  const userAgent = win.navigator.userAgent;
  const isMobile = isMobileUserAgent(userAgent);
  storage.setItem(storageKeys.platform, platformOf(userAgent));
  storage.setItem(storageKeys.isMobile, String(isMobile));

  const layOut = () => {
    const rootFontPx = rootFontSizePx(win.innerWidth);
    doc.documentElement.style.fontSize = `${rootFontPx}px`;
    storage.setItem(storageKeys.clientWidth, String(doc.body.clientWidth));
    useLayoutStore.setState({ rootFontPx, isMobile });
  };
  layOut();

  let timer: ReturnType<typeof setTimeout> | undefined;
  const onResize = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      const previous = storage.getItem(storageKeys.clientWidth);
      if (shouldReloadOnResize(doc.body.clientWidth, previous)) {
        storage.setItem(storageKeys.clientWidth, String(doc.body.clientWidth));
        env.reload();
        return;
      }
      layOut();
    }, RESIZE_DEBOUNCE_MS);
  };
  win.addEventListener('resize', onResize);
  return () => {
    clearTimeout(timer);
    win.removeEventListener('resize', onResize);
  };
}
