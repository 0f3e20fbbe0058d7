import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router';
import { useLayoutStore } from '../../lib/layout';
import { wantsScrollArrow } from './scroll-arrow-rule';

// Loaded only where the rule wants the arrow (a phone, on a long form): nobody else pays for it.
const ScrollToBottomArrow = lazy(async () => {
  const { ScrollToBottomArrow: Component } = await import('@lender/ui/components/scroll-to-bottom-arrow');
  return { default: Component };
});

/** The root shell's scroll-to-bottom arrow (spec §2 "Root shell"; the rule is wantsScrollArrow). */
export function ScrollArrowHost() {
  const isMobile = useLayoutStore((state) => state.isMobile);
  // Read for its change: the rule looks at the address itself, as the specification words it.
  useLocation();
  const wanted = wantsScrollArrow({ isMobile, hash: window.location.hash, href: window.location.href });
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <ScrollToBottomArrow enabled />
    </Suspense>
  );
}
