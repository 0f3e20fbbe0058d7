export interface ScrollArrowScreen {
  /** Whether the user agent is a mobile one (spec §9: detection by user agent). */
  isMobile: boolean;
  /** `location.hash`, e.g. `#/amount/employment`. */
  hash: string;
  /** `location.href`. */
  href: string;
}

/**
 * The product rule of the scroll-to-bottom arrow (spec §2 "Root shell"): only on a non-desktop device, and
 * only where the hash ends in `address_history` or `employment` or the URL contains `HtmlViewOne`,
 * `HtmlViewTwo` or `HtmlViewThree` (their `-new` variants included). Where it holds, the arrow shows while
 * the page has more than 10 px left below, which `ScrollToBottomArrow` of `@lender/ui` watches (debounced
 * 100 ms, spec §9).
 */
export function wantsScrollArrow({ isMobile, hash, href }: ScrollArrowScreen): boolean {
  return isMobile && (/(address_history|employment)$/.test(hash) || /HtmlView(One|Two|Three)/.test(href));
}
