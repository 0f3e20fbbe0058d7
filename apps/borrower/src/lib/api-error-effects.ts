import { createErrorEffectRunner, readStoredAccessToken } from '@lender/api-client';
import type { Destination, ErrorEffectRunner, ErrorEffectTable } from '@lender/api-client';
import { showToast } from '@lender/ui/components/toast';
import { create } from 'zustand';
import { paths } from './paths';
import { loginPath, logout, setLoginError, setRedirectInfo } from './auth-session';
import { openPopup } from './popup-store';
import { showServiceUnavailable } from './service-store';
import { track } from './telemetry/track';

/**
 * The borrower app's table for spec §8: how it carries out what `decideErrorEffects` of `@lender/api-client`
 * decides for a failed call. The decisions themselves (which code does what, which calls are exceptions) are
 * made once in the api-client; this file only says where the app's screens, stores and popups are.
 */

export interface NavigationRequest {
  /** Tells one request from the next, even to the same path. */
  id: number;
  path: string;
}

export interface NavigationBridgeState {
  /** The move the API layer asked for and the router has not made yet, or null. */
  request: NavigationRequest | null;
  requestNavigation: (path: string) => void;
  /** Called by the router side once it has navigated (only clears the request it was given). */
  done: (id: number) => void;
}

let lastNavigationId = 0;

/**
 * How code outside React (the API client's hooks) moves the app: it leaves a request here, and the
 * `NavigationBridge` in the root shell, which lives inside the router, navigates. So every move goes through
 * the router (the service check, scroll reset and history all apply) and never through `window.location`.
 */
export const useNavigationBridge = create<NavigationBridgeState>()((set, get) => ({
  request: null,
  requestNavigation: (path) => {
    lastNavigationId += 1;
    set({ request: { id: lastNavigationId, path } });
  },
  done: (id) => {
    if (get().request?.id === id) set({ request: null });
  },
}));

/** Asks the router to move to `path` (see useNavigationBridge). */
export function requestNavigation(path: string): void {
  useNavigationBridge.getState().requestNavigation(path);
}

/** The dialog event of spec §8 (100603, a locked PIN): a code and the server's message. */
export interface ErrorDialogEvent {
  code: number;
  message: string;
}

export interface ErrorDialogState {
  /** The dialog on screen, or null. */
  dialog: ErrorDialogEvent | null;
  openDialog: (event: ErrorDialogEvent) => void;
  closeDialog: () => void;
}

/** The root shell's dialog (ErrorDialogHost), opened by the error table. */
export const useErrorDialogStore = create<ErrorDialogState>()((set) => ({
  dialog: null,
  openDialog: (event) => {
    set({ dialog: event });
  },
  closeDialog: () => {
    set({ dialog: null });
  },
}));

/** Where each destination of the decision leads in the borrower app. */
export function destinationPath(to: Destination): string {
  switch (to) {
    case 'login':
    case 'emailLogin':
      // Spec §8 says "login"; the e-mail login is the login screen that shows the stored login error, and it
      // is the white-label one while the white-label flag is set.
      return loginPath('emailLogin');
    case 'redirectLogin':
      return paths.login.redirectLogin;
    case 'confirmEmail':
      // Registrations in this app follow the one-page journey, whose e-mail step confirms the address.
      return paths.onePage.confirmEmail;
    case 'startApplication':
      return paths.amount.amountDefault;
    case 'error':
      return paths.error;
  }
}

/** Reloads the page at the hash route `path` (only after a 401: spec §8 "log-out and reload"). */
function reloadAt(path: string): void {
  window.location.hash = `#${path}`;
  window.location.reload();
}

/** The borrower app's table; tests replace the parts that leave the page (reload) or the app (logout). */
export function createBorrowerErrorTable(overrides: Partial<ErrorEffectTable> = {}): ErrorEffectTable {
  return {
    destination: destinationPath,
    navigate: requestNavigation,
    serviceDisabled: () => {
      showServiceUnavailable();
    },
    setLoginError: (message) => {
      setLoginError(message);
    },
    setRedirectInfo: (message) => {
      setRedirectInfo(message);
    },
    openDialog: (code, message) => {
      useErrorDialogStore.getState().openDialog({ code, message });
    },
    openPopup: (code, message) => {
      openPopup({ code, message });
    },
    toast: (message, durationMs) => {
      showToast(message, { durationMs });
    },
    track: (event) => {
      track(event);
    },
    // A closure, not `logout` itself: auth-session.ts imports api.ts, which imports this file (see there).
    logout: () => logout(),
    reload: reloadAt,
    signedIn: () => readStoredAccessToken() !== null,
    ...overrides,
  };
}

/** The app's runner: its hooks are the API client's (api.ts). */
export const errorEffects: ErrorEffectRunner = createErrorEffectRunner(createBorrowerErrorTable());
