import { ToastHost } from '@lender/ui/components/toast';
import { useLayoutEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { StaffBanner } from '../features/staff/staff-banner';
import { useDocumentTitle } from '../lib/page-title';
import { ErrorDialogHost } from './shell/error-dialog-host';
import { LoadingIndicator } from './shell/loading-indicator';
import { NavigationBridge } from './shell/navigation-bridge';
import { PopupHost } from './shell/popup-host';
import { ScrollArrowHost } from './shell/scroll-arrow-host';
import { navigationTracker } from './shell/service-check';
import { ServiceOverlayHost } from './shell/service-overlay-host';

/**
 * The root shell (spec §2 "Root shell"): the routed screen, the scroll-to-bottom arrow, the global loading
 * indicator, the bottom popup, the error dialog and toasts and the moves the API layer asks for (spec §8), and
 * the service-unavailable overlay; and the document title (the page's, then the brand's). Every navigation starts
 * at the top of the page, except the one that undoes a navigation the service check blocked: that one stays
 * where it was.
 */
export function RootLayout() {
  const location = useLocation();
  const here = location.pathname + location.search;
  useDocumentTitle();

  useLayoutEffect(() => {
    navigationTracker.commit(here);
    if (!navigationTracker.takeReturn(here)) window.scrollTo(0, 0);
    // location.key: a new navigation, even to the same address.
  }, [location.key, here]);

  return (
    <>
      <LoadingIndicator />
      <StaffBanner />
      <Outlet />
      <ScrollArrowHost />
      <PopupHost />
      <ErrorDialogHost />
      <ToastHost />
      <NavigationBridge />
      <ServiceOverlayHost />
    </>
  );
}
