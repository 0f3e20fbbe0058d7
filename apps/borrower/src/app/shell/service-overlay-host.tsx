import { lazy, Suspense } from 'react';
import { useNavigate } from 'react-router';
import { useServiceStore } from '../../lib/service-store';
import { paths } from '../../lib/paths';

// Loaded when the service is first found disabled: the overlay brings DOMPurify, which the first screen
// must not pay for.
const ServiceUnavailableOverlay = lazy(async () => {
  const { ServiceUnavailableOverlay: Component } = await import('@lender/ui/components/service-unavailable-overlay');
  return { default: Component };
});

/**
 * The full-screen service-unavailable overlay (spec §4 "Popups in the root shell"), opened by the
 * service-disabled event. `Okay` navigates to / and closes it.
 */
export function ServiceOverlayHost() {
  const notice = useServiceStore((state) => state.notice);
  const close = useServiceStore((state) => state.closeServiceUnavailable);
  const navigate = useNavigate();
  if (notice === null) return null;
  return (
    <Suspense fallback={null}>
      <ServiceUnavailableOverlay
        open
        title={notice.title}
        bodyHtml={notice.bodyHtml}
        onOkay={() => {
          close();
          void navigate(paths.root);
        }}
      />
    </Suspense>
  );
}
