import { NETWORK_FAILURE_MESSAGE, SESSION_EXPIRED_MESSAGE } from './api-error';
import type { ApiError, ApiErrorKind } from './api-error';
import { CALL_POLICIES } from './generated/call-policies';
import type { ErrorPolicyRule } from './generated/call-policies';
import { ERROR_CATALOGUE, ErrorCodes } from './generated/error-codes';
import type { ApiCallContext, ApiClientHooks } from './hooks';

/**
 * Spec §8 ("Error catalogue"), decided once for every app: `decideErrorEffects` says what a failed call leads
 * to, as a list of abstract actions; `createErrorEffectRunner` carries them out through an app's own table
 * (its paths, stores and popups). Nothing here touches the DOM, the router or storage, so every branch is
 * tested as a plain function.
 */

/** The message the BFF gives a fault on its side; the apps send the person to `/error` for it (spec §8). */
export const INTERNAL_SERVER_ERROR_MESSAGE = ERROR_CATALOGUE[ErrorCodes.internal].message;

/** What an app without an error screen shows instead of going to one. */
export const SERVER_FAULT_MESSAGE = 'Something went wrong on our side. Please try again.';

/** How long an error toast stays on screen (spec §9). */
export const ERROR_TOAST_MS = 3000;

/** The analytics event recorded when the BFF answers HTTP 401 (spec §8). */
export const SESSION_EXPIRED_EVENT = 'session_expired';

/** Codes the screen shows inline by its field: the error table adds nothing (no toast). */
export const SILENT_CODES: readonly number[] = [
  ErrorCodes.emailVerificationFailed,
  ErrorCodes.wrongCode,
  ErrorCodes.wrongPin,
  ErrorCodes.pinMismatch,
  ErrorCodes.staffForbidden,
];

/** `path` as the contract writes it: without the `/api/v2/{provider}` base and the query, with a leading `/`. */
function contractPath(path: string): string {
  const relative = path.replace(/^.*\/api\/v2\/[^/]+\//, '').replace(/[?#].*$/, '').replace(/^\/+/, '');
  return `/${relative}`;
}

/** CALL_POLICIES as a table any path can be looked up in. */
const POLICIES: Readonly<Record<string, readonly ErrorPolicyRule[] | undefined>> = CALL_POLICIES;

/** The templated paths of CALL_POLICIES (`/sandbox/email/{id}`), as patterns a concrete path is matched with. */
const TEMPLATES = Object.keys(POLICIES)
  .filter((template) => template.includes('{'))
  .map((template) => ({
    template,
    pattern: new RegExp(`^${template.split(/\{[^}]+\}/).map((part) => part.replace(/[.*+?^$()|[\]\\]/g, '\\$&')).join('[^/]+')}$`),
  }));

/**
 * The error policy of the call at `path` (a path template, a path, or a full URL): the rules its operation
 * declares in bff/openapi.yaml (`x-error-policy`), or none, so a call the contract does not mark gets the
 * defaults of spec §8 whatever it is called.
 */
export function callPolicy(path: string): readonly ErrorPolicyRule[] {
  const key = contractPath(path);
  const exact = POLICIES[key];
  if (exact !== undefined) return exact;
  const templated = TEMPLATES.find(({ pattern }) => pattern.test(key));
  return templated === undefined ? [] : (POLICIES[templated.template] ?? []);
}

/** Whether the call at `path` (a path template, a path, or a full URL) follows `rule`. */
export function callMatches(rule: ErrorPolicyRule, path: string): boolean {
  return callPolicy(path).includes(rule);
}

/** Whether the call at `path` resolves with its envelope even when it fails (the rule `resolve-body`). */
export function resolvesWithBody(path: string): boolean {
  return callMatches('resolve-body', path);
}

/** A failed call, as the decision needs it: what `ApiError` and `ApiCallContext` carry. */
export interface FailedCall {
  /** The path called (the OpenAPI template, e.g. `/sandbox/email/{id}`, or a full URL). */
  path: string;
  kind: ApiErrorKind;
  /** The HTTP status (0 when nothing came back). */
  httpStatus: number;
  /** The envelope's status (the HTTP status when there was no envelope). */
  status: number;
  errorCode: number;
  errorMessage: string;
  /**
   * Whether a borrower session token was stored when the call failed. A 401 without one is someone not signed
   * in: they go to login, but nothing is logged out and the page is not reloaded (that would loop).
   */
  signedIn?: boolean;
}

/**
 * Where an action sends the person; each app's table maps these to its own routes. `confirmEmail` is the step
 * that confirms a new registration's e-mail address; `startApplication` the first question of a new application.
 */
export type Destination = 'login' | 'emailLogin' | 'redirectLogin' | 'error' | 'confirmEmail' | 'startApplication';

/** One thing to do about a failed call. The runner does them in order. */
export type ErrorAction =
  | { type: 'service-disabled' }
  | { type: 'login-error'; message: string }
  | { type: 'redirect-info'; message: string }
  | { type: 'dialog'; code: number; message: string }
  | { type: 'popup'; code: number; message: string }
  | { type: 'toast'; message: string; durationMs: number }
  | { type: 'track'; event: string }
  | { type: 'logout' }
  | { type: 'navigate'; to: Destination }
  | { type: 'reload' };

function toast(message: string): ErrorAction[] {
  return message.trim() === '' ? [] : [{ type: 'toast', message, durationMs: ERROR_TOAST_MS }];
}

function isUnauthorized(call: FailedCall): boolean {
  return call.httpStatus === 401 || (call.kind === 'envelope' && call.status === 401);
}

/** What an envelope failure (HTTP 200 with a failing `status`, or an HTTP error that carried the envelope) does. */
function envelopeActions(call: FailedCall, message: string): ErrorAction[] {
  const { errorCode: code, errorMessage } = call;
  // The screen says each of this call's refusals itself (the e-mail change's link: /emailVerify); the service
  // being disabled and a fault on our side are not refusals.
  const refusal = code !== ErrorCodes.serviceUnavailable && message !== INTERNAL_SERVER_ERROR_MESSAGE;
  if (refusal && callMatches('screen-refusals', call.path)) return [];
  switch (code) {
    case ErrorCodes.serviceUnavailable:
      return [{ type: 'service-disabled' }];
    case ErrorCodes.redirectLogin:
      return [
        { type: 'redirect-info', message: errorMessage },
        { type: 'navigate', to: 'redirectLogin' },
      ];
    case ErrorCodes.accountLocked:
      return [
        { type: 'dialog', code, message: errorMessage },
        { type: 'navigate', to: 'login' },
      ];
    case ErrorCodes.loginFailed:
      return [
        { type: 'login-error', message: errorMessage },
        { type: 'navigate', to: 'login' },
      ];
    case ErrorCodes.emailUnproven:
      // A registration's session asked for more than its draft before its address was confirmed.
      return [...toast(errorMessage), { type: 'navigate', to: 'confirmEmail' }];
    case ErrorCodes.registrationDiscarded:
      // Signing in proved an address whose unconfirmed registration was discarded: start again, told why.
      return [
        { type: 'redirect-info', message: errorMessage },
        { type: 'navigate', to: 'startApplication' },
      ];
    case ErrorCodes.alreadyRegistered:
    case ErrorCodes.emailVerificationFailed:
      return [
        { type: 'navigate', to: 'login' },
        { type: 'popup', code, message: errorMessage },
      ];
    default:
      break;
  }
  if (SILENT_CODES.includes(code)) return [];
  if (code === ErrorCodes.badRequest && callMatches('inline-validation', call.path)) return [];
  if (message === INTERNAL_SERVER_ERROR_MESSAGE) {
    return callMatches('no-error-screen', call.path) ? [] : [{ type: 'navigate', to: 'error' }];
  }
  if (callMatches('no-toast', call.path) || callMatches('silent', call.path)) return [];
  return toast(message || NETWORK_FAILURE_MESSAGE);
}

/**
 * What spec §8 says happens when a call fails, in order (the rules are the call's `x-error-policy`, see callPolicy):
 * - `ignore-failure` (the log-out call): nothing (its 401 is expected);
 * - a token found expired before the call: the call was cancelled; the session is forgotten (log-out), and the
 *   person goes to the e-mail login, which shows the expiry message;
 * - HTTP 401: record `session_expired`, keep the message as the login error, toast it, log out, go to login and
 *   reload; `no-logout-on-401` (the sandbox search) only the toast (its token is the sandbox user's);
 * - `fails-as-internal` (loan-ledger calls): whatever else failed counts as 'Internal Server Error', so `/error`;
 * - no envelope (network, timeout, a proxy's HTML): a 3000 ms toast with 'Access timed out…', except for
 *   `silent` calls (the log, the bank status check, screens that show the failure themselves);
 * - an envelope: by code (100407, 100638, 100603, 100502, 100613, 100608, and the BFF's 100618 and 100619 of a
 *   registration that has not proved its e-mail address), silent for every refusal of a `screen-refusals` call,
 *   for 100608/100614–100617 and for a 100400 of an `inline-validation` call, `/error` for 'Internal Server
 *   Error' unless `no-error-screen`, else a 3000 ms toast with the message unless `no-toast` or `silent`.
 */
export function decideErrorEffects(call: FailedCall): ErrorAction[] {
  if (callMatches('ignore-failure', call.path)) return [];
  if (call.kind === 'session-expired') {
    // The expired token is forgotten with the rest of the session: left stored, it would cancel every later
    // call, the sign-in itself included.
    return [
      { type: 'login-error', message: SESSION_EXPIRED_MESSAGE },
      { type: 'logout' },
      { type: 'navigate', to: 'emailLogin' },
    ];
  }
  if (isUnauthorized(call)) {
    const message = call.errorMessage || SESSION_EXPIRED_MESSAGE;
    if (callMatches('no-logout-on-401', call.path)) return toast(message);
    if (call.signedIn === false) {
      return [
        { type: 'login-error', message },
        { type: 'navigate', to: 'login' },
        ...toast(message),
      ];
    }
    return [
      { type: 'track', event: SESSION_EXPIRED_EVENT },
      { type: 'login-error', message },
      ...toast(message),
      { type: 'logout' },
      { type: 'navigate', to: 'login' },
      { type: 'reload' },
    ];
  }
  if (callMatches('fails-as-internal', call.path)) return [{ type: 'navigate', to: 'error' }];
  if (call.kind !== 'envelope') {
    if (callMatches('silent', call.path)) return [];
    return toast(call.errorMessage || NETWORK_FAILURE_MESSAGE);
  }
  return envelopeActions(call, call.errorMessage);
}

/** The failed call of an `ApiError` raised by the client for the call in `context`. */
export function failedCallOf(error: ApiError, context: ApiCallContext, signedIn?: boolean): FailedCall {
  return {
    path: context.schemaPath || context.url,
    kind: error.kind,
    httpStatus: error.httpStatus,
    status: error.status,
    errorCode: error.errorCode,
    errorMessage: error.errorMessage,
    ...(signedIn === undefined ? {} : { signedIn }),
  };
}

/** An app's mapping table: how it carries out each action (its routes, stores, popups, telemetry). */
export interface ErrorEffectTable {
  /**
   * The app's route for each destination (read when the action runs, so a brand flag set since counts); null
   * when the app has no such screen: it stays where it is, and an `error` destination becomes a toast saying
   * SERVER_FAULT_MESSAGE instead.
   */
  destination: (to: Destination) => string | null;
  /** Moves the app to `path` (through the router, not `window.location`). */
  navigate: (path: string) => void;
  serviceDisabled: () => void;
  setLoginError: (message: string) => void;
  setRedirectInfo: (message: string) => void;
  openDialog: (code: number, message: string) => void;
  openPopup: (code: number, message: string) => void;
  toast: (message: string, durationMs: number) => void;
  track: (event: string) => void;
  /** Ends the session in this browser; the runner waits for it before it moves on. */
  logout: () => Promise<void>;
  /** Reloads the page at `path` (the one place the apps leave the router: after a 401). */
  reload: (path: string) => void;
  /** Whether a session token is stored now (see FailedCall.signedIn); assumed true when absent. */
  signedIn?: () => boolean;
}

export interface ErrorEffectRunner {
  /** Decides and carries out what a failed call leads to; resolves when every action has run. */
  run: (call: FailedCall) => Promise<void>;
  /** The API client hooks that hand every failed call to `run` (pass them to `createApiClient`). */
  hooks: ApiClientHooks;
  /** Resolves once every run the hooks started has finished (a 401 log-out waits for the log-out call). */
  settled: () => Promise<void>;
}

/**
 * Carries out `decideErrorEffects` through an app's table. A 401 log-out (log-out, then reload) runs once even
 * when several calls fail with 401 together: the calls after the first find it under way and do nothing. A
 * table entry that throws is logged and the next action still runs.
 */
export function createErrorEffectRunner(table: ErrorEffectTable): ErrorEffectRunner {
  let signingOut = false;

  async function apply(action: ErrorAction, lastPath: { value: string }): Promise<void> {
    switch (action.type) {
      case 'service-disabled':
        table.serviceDisabled();
        return;
      case 'login-error':
        table.setLoginError(action.message);
        return;
      case 'redirect-info':
        table.setRedirectInfo(action.message);
        return;
      case 'dialog':
        table.openDialog(action.code, action.message);
        return;
      case 'popup':
        table.openPopup(action.code, action.message);
        return;
      case 'toast':
        table.toast(action.message, action.durationMs);
        return;
      case 'track':
        table.track(action.event);
        return;
      case 'logout':
        await table.logout();
        return;
      case 'navigate': {
        const path = table.destination(action.to);
        if (path === null) {
          if (action.to === 'error') table.toast(SERVER_FAULT_MESSAGE, ERROR_TOAST_MS);
          return;
        }
        lastPath.value = path;
        table.navigate(path);
        return;
      }
      case 'reload':
        table.reload(lastPath.value);
        return;
    }
  }

  async function run(call: FailedCall): Promise<void> {
    const actions = decideErrorEffects(call);
    const logsOut = actions.some((action) => action.type === 'logout');
    if (logsOut) {
      if (signingOut) return;
      signingOut = true;
    }
    // Where a reload lands when no navigation came before it: the login screen, or the page as it is.
    const lastPath = { value: table.destination('login') ?? '' };
    try {
      for (const action of actions) {
        try {
          await apply(action, lastPath);
        } catch (error) {
          console.error(`The error table could not carry out "${action.type}".`, error);
        }
      }
    } finally {
      // A reload ends the page; when it does not (tests, a blocked reload), a later 401 may log out again.
      if (logsOut) signingOut = false;
    }
  }

  const running = new Set<Promise<void>>();
  const hand = (error: ApiError, context: ApiCallContext) => {
    const done = run(failedCallOf(error, context, table.signedIn?.()));
    running.add(done);
    void done.finally(() => running.delete(done));
  };
  return {
    run,
    hooks: { onSessionExpired: hand, onApiError: hand, onTransportError: hand },
    settled: async () => {
      await Promise.all([...running]);
    },
  };
}
