import { createErrorEffectRunner } from '@lender/api-client';
import type { Destination, ErrorEffectRunner, ErrorEffectTable } from '@lender/api-client';
import { expiringSessionStorage } from '@lender/api-client/storage';
import type { ExpiringStorage } from '@lender/api-client/storage';
import { showToast } from '@lender/ui/components/toast';
import { paths } from './paths';
import { clearPortalSession, readPortalToken } from './portal-session';

/**
 * The finance portal's table for spec §8: how it carries out what `decideErrorEffects` of `@lender/api-client`
 * decides for a failed call. The portal has fewer screens than the borrower app, so several actions land on
 * what it has:
 * - every login destination is the portal's own `/login` (which sends a signed-in user on to the dashboard);
 * - it has no `/error` screen: a server fault stays on the screen with a toast saying the fault is ours;
 * - it has no bottom popup, dialog, maintenance overlay or analytics: popups, dialogs and the service-disabled
 *   event become toasts with the message, and `track` records nothing;
 * - the login error and redirectInfo are kept in session storage for the login screen (`takePortalLoginError`).
 */

/** The toast for the service-disabled event (the portal has no maintenance overlay). */
export const PORTAL_SERVICE_DISABLED_MESSAGE = 'The service is temporarily unavailable. Please try again later.';

/** The session-storage key of the message the portal's login screen shows once. */
export const PORTAL_LOGIN_ERROR_KEY = 'portalLoginError';

/** Where each destination of the decision leads in the portal; null: it has no error screen. */
export function portalDestination(to: Destination): string | null {
  return to === 'error' ? null : paths.login;
}

/** The message for the portal's login screen, removed as it is read; null when there is none. */
export function takePortalLoginError(storage: ExpiringStorage = expiringSessionStorage): string | null {
  const message = storage.getItem(PORTAL_LOGIN_ERROR_KEY);
  storage.removeItem(PORTAL_LOGIN_ERROR_KEY);
  return message;
}

/**
 * Moves the portal to the hash route `path`. The portal's shell is not wired to a navigation bridge yet, so the
 * move goes through the hash, which its hash router follows like any other navigation (guards included).
 */
function goTo(path: string): void {
  window.location.hash = `#${path}`;
}

/** The portal's table; tests replace the parts that leave the page. */
export function createPortalErrorTable(overrides: Partial<ErrorEffectTable> = {}): ErrorEffectTable {
  const keepLoginError = (message: string) => {
    expiringSessionStorage.setItem(PORTAL_LOGIN_ERROR_KEY, message);
  };
  const toast = (message: string) => {
    showToast(message);
  };
  return {
    destination: portalDestination,
    navigate: goTo,
    serviceDisabled: () => {
      toast(PORTAL_SERVICE_DISABLED_MESSAGE);
    },
    setLoginError: keepLoginError,
    setRedirectInfo: keepLoginError,
    openDialog: (_code, message) => {
      toast(message);
    },
    openPopup: (_code, message) => {
      toast(message);
    },
    toast: (message, durationMs) => {
      showToast(message, { durationMs });
    },
    track: () => undefined,
    // The portal's sign-out is local (see PortalLayout): its session token is simply forgotten.
    logout: () => {
      clearPortalSession();
      return Promise.resolve();
    },
    reload: (path) => {
      goTo(path);
      window.location.reload();
    },
    signedIn: () => readPortalToken() !== null,
    ...overrides,
  };
}

/** The portal's runner: its hooks are both of the portal's API clients' (api.ts). */
export const portalErrorEffects: ErrorEffectRunner = createErrorEffectRunner(createPortalErrorTable());
