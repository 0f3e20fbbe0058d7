import { ErrorCodes } from '@lender/api-client';
import { lazy, Suspense, useState } from 'react';
import { useErrorDialogStore } from '../../lib/api-error-effects';
import type { ErrorDialogEvent } from '../../lib/api-error-effects';

// Loaded the first time the dialog opens: the first screen does not pay for MUI's Dialog.
const BottomPopup = lazy(async () => {
  const { BottomPopup: Component } = await import('@lender/ui/components/bottom-popup');
  return { default: Component };
});

/** The dialog's title for a code; the server's message is its description. */
export function errorDialogTitle(code: number): string {
  return code === ErrorCodes.accountLocked ? 'Your PIN is locked' : 'Something needs your attention';
}

/**
 * The dialog event of spec §8 (100603: a locked PIN), raised by the error table with the code and the
 * server's message. The person has already been sent to login behind it; `Close` closes it.
 */
export function ErrorDialogHost() {
  const dialog = useErrorDialogStore((state) => state.dialog);
  const closeDialog = useErrorDialogStore((state) => state.closeDialog);
  // The last dialog stays rendered while it closes, so it can slide away and give focus back.
  const [shown, setShown] = useState<ErrorDialogEvent | null>(null);
  if (dialog !== null && dialog !== shown) setShown(dialog);
  if (shown === null) return null;

  return (
    <Suspense fallback={null}>
      <BottomPopup
        open={dialog !== null}
        title={errorDialogTitle(shown.code)}
        description={shown.message}
        buttonLabel="Close"
        onButton={closeDialog}
        onClose={closeDialog}
      />
    </Suspense>
  );
}
