import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import { useAppBrand } from '../../lib/app-brand';
import { usePopupStore } from '../../lib/popup-store';
import type { PopupEvent } from '../../lib/popup-store';
import { paths } from '../../lib/paths';
import { popupContent } from './popup-content';

// Loaded the first time a popup opens: the first screen does not pay for MUI's Dialog.
const BottomPopup = lazy(async () => {
  const { BottomPopup: Component } = await import('@lender/ui/components/bottom-popup');
  return { default: Component };
});

/** The root shell's bottom popup (spec §4 "Popups in the root shell"), opened by `openPopup({ code, message })`. */
export function PopupHost() {
  const popup = usePopupStore((state) => state.popup);
  const closePopup = usePopupStore((state) => state.closePopup);
  const navigate = useNavigate();
  const { tokens } = useAppBrand();
  // The last popup stays rendered while it closes, so it can slide away and give focus back.
  const [shown, setShown] = useState<PopupEvent | null>(null);
  if (popup !== null && popup !== shown) setShown(popup);
  if (shown === null) return null;

  const content = popupContent(shown.code, shown.message, tokens.displayName);
  return (
    <Suspense fallback={null}>
      <BottomPopup
        open={popup !== null}
        title={content.title}
        description={content.description}
        buttonLabel={content.buttonLabel}
        onButton={() => {
          closePopup();
          if (content.action === 'log-in') void navigate(paths.login.emailLogin);
        }}
        onClose={closePopup}
      />
    </Suspense>
  );
}
