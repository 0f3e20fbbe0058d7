import Fab from '@mui/material/Fab';
import SvgIcon from '@mui/material/SvgIcon';
import { useSyncExternalStore } from 'react';

/** The arrow shows only when MORE than this many px of the page are left below the screen (spec §9). */
export const SCROLL_ARROW_THRESHOLD_PX = 10;
/** Scrolling, resizing and content changes are looked at this long after the last one (spec §9). */
export const SCROLL_ARROW_DEBOUNCE_MS = 100;

/** How many px of the page are below the bottom of the screen. */
function pxLeftBelow(): number {
  return document.documentElement.scrollHeight - (window.scrollY + window.innerHeight);
}

function hasMoreBelow(): boolean {
  return pxLeftBelow() > SCROLL_ARROW_THRESHOLD_PX;
}

/** Tells React to look again, debounced, after the page scrolls, the window resizes or the content changes size. */
function subscribeToPage(onChange: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const schedule = () => {
    clearTimeout(timer);
    timer = setTimeout(onChange, SCROLL_ARROW_DEBOUNCE_MS);
  };
  window.addEventListener('scroll', schedule, { passive: true });
  window.addEventListener('resize', schedule);
  const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(schedule) : undefined;
  observer?.observe(document.body);
  return () => {
    clearTimeout(timer);
    window.removeEventListener('scroll', schedule);
    window.removeEventListener('resize', schedule);
    observer?.disconnect();
  };
}

function subscribeToNothing(): () => void {
  return () => undefined;
}

function never(): boolean {
  return false;
}

function scrollToBottom(): void {
  const reduceMotion =
    typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  window.scrollTo({ top: document.documentElement.scrollHeight, behavior: reduceMotion ? 'auto' : 'smooth' });
}

export interface ScrollToBottomArrowProps {
  /**
   * Whether the screen wants the arrow at all. The product rule (a non-desktop device, and which paths: spec §2
   * "Root shell") is the app's; this component adds only "the page has more than 10 px left below".
   */
  enabled: boolean;
}

/**
 * A floating "Scroll to the bottom" button, shown while `enabled` and the page has more than
 * SCROLL_ARROW_THRESHOLD_PX left below the screen. It looks again SCROLL_ARROW_DEBOUNCE_MS after scrolling,
 * resizing, or a change in the size of the content (ResizeObserver on the body, where the browser has it).
 * Pressing it scrolls smoothly to the bottom (instantly for people who ask for reduced motion).
 */
export function ScrollToBottomArrow({ enabled }: ScrollToBottomArrowProps) {
  const moreBelow = useSyncExternalStore(
    enabled ? subscribeToPage : subscribeToNothing,
    enabled ? hasMoreBelow : never,
  );

  if (!moreBelow) return null;
  return (
    <Fab
      color="primary"
      size="medium"
      aria-label="Scroll to the bottom"
      onClick={scrollToBottom}
      sx={{ position: 'fixed', right: 16, bottom: 'calc(16px + env(safe-area-inset-bottom))', zIndex: 'fab' }}
    >
      <SvgIcon>
        <path d="M20 12l-1.41-1.41L13 16.17V4h-2v12.17l-5.58-5.59L4 12l8 8 8-8z" />
      </SvgIcon>
    </Fab>
  );
}
