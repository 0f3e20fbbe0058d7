import createClient from 'openapi-fetch';
import type { Client, FetchOptions, Middleware } from 'openapi-fetch';
import { readStoredAccessToken } from './access-token';
import { ApiTransportError, SessionExpiredError } from './api-error';
import { envelopeMiddleware } from './envelope';
import { resolvesWithBody } from './error-policy';
import type { PathsWithPolicy } from './generated/call-policies';
import type { ApiClientHooks, Reporter } from './hooks';
import type { components, paths } from './schema';
import { sessionMiddleware } from './session';
import { expiringLocalStorage } from './storage';
import type { ExpiringStorage } from './storage';
import { REQUEST_TIMEOUT_MS, withTimeout } from './transport';

export {
  ACCESS_TOKEN_KEY,
  ACCESS_TOKEN_STORAGE_SECONDS,
  decodeTokenExpiry,
  decodeTokenSession,
  isTokenExpired,
  readStoredAccessToken,
  storeAccessToken,
} from './access-token';
export {
  ApiError,
  ApiTransportError,
  isApiError,
  isApiTransportError,
  isSessionExpiredError,
  NETWORK_FAILURE_MESSAGE,
  SESSION_EXPIRED_MESSAGE,
  SessionExpiredError,
} from './api-error';
export type { ApiErrorDetails, ApiErrorKind, TransportErrorKind } from './api-error';
export type { Envelope } from './envelope';
export {
  callMatches,
  callPolicy,
  createErrorEffectRunner,
  decideErrorEffects,
  ERROR_TOAST_MS,
  failedCallOf,
  INTERNAL_SERVER_ERROR_MESSAGE,
  resolvesWithBody,
  SERVER_FAULT_MESSAGE,
  SESSION_EXPIRED_EVENT,
  SILENT_CODES,
} from './error-policy';
export type { Destination, ErrorAction, ErrorEffectRunner, ErrorEffectTable, FailedCall } from './error-policy';
export { CALL_POLICIES } from './generated/call-policies';
export type { ErrorPolicyRule } from './generated/call-policies';
export { ERROR_CATALOGUE, ErrorCodes } from './generated/error-codes';
export type { CatalogueEntry, ErrorCode } from './generated/error-codes';
export type { ApiCallContext, ApiClientHooks } from './hooks';
export type { components, paths } from './schema';
export { RENEWED_TOKEN_HEADER } from './session';
export type { ExpiringStorage } from './storage';
export { REQUEST_TIMEOUT_MS } from './transport';
export type { Middleware } from 'openapi-fetch';

/** The brand configuration the apps theme themselves with (spec §3). */
export type BrandConfig = components['schemas']['BrandConfig'];

export const DEFAULT_PROVIDER = 'lender';

/** The path every call sits under: `/api/v2/{provider}`. */
export function apiBasePath(provider: string = DEFAULT_PROVIDER): string {
  return `/api/v2/${encodeURIComponent(provider)}`;
}

export interface ApiClientOptions {
  /** The `{provider}` segment of `/api/v2/{provider}`; `lender` unless configured. */
  provider?: string;
  /** Overrides the whole base URL (for example an absolute URL in tests); wins over `provider`. */
  baseUrl?: string;
  /**
   * Where the session token is kept: read (key `accessToken`) before every call, and written when the BFF
   * renews the token. The app-wide `expiringLocalStorage` by default.
   */
  storage?: ExpiringStorage;
  /**
   * Reads the session token another way (renewed tokens are still written to `storage`); the `accessToken`
   * header is empty when it returns nothing. By default the token is read from `storage`.
   */
  getAccessToken?: () => string | null | undefined;
  /** The clock, in epoch milliseconds, for the token expiry check and renewals (default `Date.now`). */
  now?: () => number;
  /** How long a call may take before it fails with a timeout: 300000 ms (spec §7) unless set. */
  timeoutMs?: number;
  /** Called for every failed call, before it rejects: the place to map failures to navigation and toasts. */
  hooks?: ApiClientHooks;
  /** The fetch to use; the global one (looked up on every call) by default. */
  fetch?: (request: Request) => Promise<Response>;
  /** Extra middleware, run after the built-in ones on the way out and before them on the way back. */
  middleware?: readonly Middleware[];
}

type Paths = paths;
type Method = 'get' | 'post';
type PathsWith<M extends Method> = {
  [P in keyof Paths]: Paths[P] extends Record<M, object> ? P : never;
}[keyof Paths];
type Operation<P extends keyof Paths, M extends Method> = Paths[P][M];
type InitFor<P extends keyof Paths, M extends Method> = FetchOptions<Operation<P, M>>;
type RequiredKeys<T> = { [K in keyof T]-?: object extends Pick<T, K> ? never : K }[keyof T];
type InitArgs<P extends keyof Paths, M extends Method> = [RequiredKeys<InitFor<P, M>>] extends [never]
  ? [init?: InitFor<P, M>]
  : [init: InitFor<P, M>];
type JsonOf<R> = R extends { content: { 'application/json': infer J } } ? J : never;
type SuccessEnvelope<O> = O extends { responses: { 200: infer R } } ? JsonOf<R> : never;
type DataOf<P extends keyof Paths, M extends Method> =
  SuccessEnvelope<Operation<P, M>> extends { resultData?: infer D } ? D : undefined;
/**
 * The operations the contract marks `resolve-body` (the same table `resolvesWithBody` reads), as types: their
 * `get`/`post` resolve with the whole envelope, failing or not.
 */
export type ResolvesWithBodyPath = PathsWithPolicy<'resolve-body'>;
/** The envelope a call that resolves with its body resolves with: `resultData` is absent when it failed. */
export interface BodyEnvelope<D> {
  status: number;
  errorCode: number;
  errorMessage: string;
  resultData?: D;
}
/**
 * What a call resolves to: the envelope's `resultData`, or for the calls that resolve with the body anyway
 * (spec §8) the whole envelope.
 */
export type ResultData<P extends keyof Paths, M extends Method> = P extends ResolvesWithBodyPath
  ? BodyEnvelope<DataOf<P, M>>
  : DataOf<P, M>;

export interface ApiClient {
  /** GET a path of the BFF and resolve with `resultData`; rejects with an `ApiError` (or a subclass). */
  readonly get: <P extends PathsWith<'get'>>(path: P, ...init: InitArgs<P, 'get'>) => Promise<ResultData<P, 'get'>>;
  /** POST to a path of the BFF and resolve with `resultData`; rejects with an `ApiError` (or a subclass). */
  readonly post: <P extends PathsWith<'post'>>(
    path: P,
    ...init: InitArgs<P, 'post'>
  ) => Promise<ResultData<P, 'post'>>;
  /** Adds middleware to every later call (after the built-in ones on the way out). */
  readonly use: (...middleware: Middleware[]) => void;
  /**
   * The typed openapi-fetch client underneath, with the same middleware, for answers that are not JSON (PDFs:
   * `raw.GET(path, { parseAs: 'blob' })`). A successful non-JSON answer is left as it is.
   */
  readonly raw: Client<Paths>;
}

function resolveBaseUrl(options: ApiClientOptions): string {
  const base = options.baseUrl ?? apiBasePath(options.provider);
  // A relative base is resolved against the page, so requests work the same under /finance-portal/.
  const here = (globalThis as { location?: { href: string } }).location;
  return here ? new URL(base, here.href).href : base;
}

function reporterFor(hooks: ApiClientHooks = {}): Reporter {
  return (error, context) => {
    try {
      if (error instanceof SessionExpiredError) hooks.onSessionExpired?.(error, context);
      else if (error instanceof ApiTransportError) hooks.onTransportError?.(error, context);
      else hooks.onApiError?.(error, context);
    } catch (hookError) {
      console.error('An API client hook failed; the call fails with its own error.', hookError);
    }
  };
}

async function resultOf(
  path: string,
  call: Promise<{ data?: unknown; error?: unknown; response: Response }>,
): Promise<never> {
  const { data, error } = await call;
  // The envelope middleware has already rejected every answer that was not a successful envelope, except for
  // the calls that resolve with the body anyway: openapi-fetch hands their body over as `error` when the HTTP
  // status is not 2xx (a 401 that carried the envelope).
  if (resolvesWithBody(path)) return (data ?? error) as never;
  const envelope = data as { resultData?: unknown } | undefined;
  return envelope?.resultData as never;
}

/**
 * Creates the one client the apps use to talk to the BFF (spec §7, §8, DESIGN §6). Every call, through
 * `get`, `post` or `raw`:
 * - goes to `/api/v2/{provider}` on the page's origin with credentials, and times out after 300000 ms;
 * - is cancelled with a `SessionExpiredError` when the stored session token's `exp` has passed, and otherwise
 *   carries the `accessToken` (empty when there is none) and `platform: web` headers;
 * - keeps the token the BFF renews in `X-Renewed-Access-Token`;
 * - rejects with an `ApiError` (kind `envelope`) for an envelope whose `status` is not 200, and with an
 *   `ApiTransportError` when no usable answer came back; the calls of `ResolvesWithBodyPath` resolve with
 *   their envelope instead, after the hooks have seen the failure (spec §8).
 * `get` and `post` resolve with the envelope's `resultData` (the whole envelope for `ResolvesWithBodyPath`);
 * `raw` leaves successful answers that are not JSON (PDFs) untouched.
 */
export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const storage = options.storage ?? expiringLocalStorage;
  const now = options.now ?? Date.now;
  const report = reporterFor(options.hooks);
  const readToken = options.getAccessToken ?? (() => readStoredAccessToken(storage));
  const fetchImpl = options.fetch ?? ((request: Request) => globalThis.fetch(request));
  const raw = createClient<Paths>({
    baseUrl: resolveBaseUrl(options),
    credentials: 'include',
    fetch: withTimeout(fetchImpl, options.timeoutMs ?? REQUEST_TIMEOUT_MS),
  });
  const expectsEnvelope = new WeakSet<Request>();
  raw.use(
    envelopeMiddleware(report, expectsEnvelope),
    sessionMiddleware({ readToken: () => readToken() ?? '', storage, now, report }),
    ...(options.middleware ?? []),
  );

  // Added last to each `get`/`post`, so it sees the request that is finally sent: these calls must answer
  // with an envelope, where `raw` calls may answer with anything that succeeded.
  const markEnvelopeExpected: Middleware = {
    onRequest({ request }) {
      expectsEnvelope.add(request);
      return undefined;
    },
  };
  // openapi-fetch types its methods with helpers it does not export; the signatures above are equivalent.
  type Call = (
    method: Method,
    path: string,
    init?: object,
  ) => Promise<{ data?: unknown; error?: unknown; response: Response }>;
  const call = raw.request as Call;
  const callJson = (method: Method, path: string, init: object | undefined) => {
    const middleware = (init as { middleware?: Middleware[] } | undefined)?.middleware ?? [];
    const callInit = { ...init, parseAs: 'json', middleware: [...middleware, markEnvelopeExpected] };
    return resultOf(path, call(method, path, callInit));
  };
  return {
    get: (path, ...init) => callJson('get', path, init[0]),
    post: (path, ...init) => callJson('post', path, init[0]),
    use: (...middleware) => {
      raw.use(...middleware);
    },
    raw,
  };
}
