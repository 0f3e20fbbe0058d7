import { afterEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import {
  ACCESS_TOKEN_STORAGE_SECONDS,
  ApiError,
  ApiTransportError,
  createApiClient,
  isApiError,
  NETWORK_FAILURE_MESSAGE,
  readStoredAccessToken,
  REQUEST_TIMEOUT_MS,
  SESSION_EXPIRED_MESSAGE,
  SessionExpiredError,
} from './client';
import type { ApiClientHooks, ApiClientOptions, BrandConfig } from './client';
import type { ExpiringStorage } from './storage';
import { envelopeResponse, memoryExpiringStorage, unsignedToken } from './testing';

const brand: BrandConfig = {
  clientEnabled: true,
  clientName: 'default',
  displayName: 'Meadow Loans',
  primary: '#1d6b3e',
  primaryAlt: '#14512e',
  backgroundColor: '#fbf7ec',
  errorColor: '#b3261e',
  headerColor: '#1d6b3e',
  headerTextColor: '#ffffff',
  termsURL: 'https://example.test/terms',
  privacyURL: 'https://example.test/privacy',
  contactURL: 'https://example.test/contact',
  faqURL: 'https://example.test/faq',
  paymentHelpURL: 'https://example.test/payment-help',
  aboutURL: 'https://example.test/about',
  blogURL: 'https://example.test/blog',
  howItWorksURL: 'https://example.test/how-it-works',
  helpDeskURL: 'https://help.example.test/',
  pageTitle: 'Meadow Loans',
  iconURL: '/brand-assets/default/icon.svg',
  logoURL: '/brand-assets/default/logo.svg',
  whiteLabel: false,
  email: 'help@example.test',
  phone: '0300 000 0000',
  counterofferEmail: 'offers@example.test',
  fee: 12,
  registeredName: 'Meadow Loans Limited',
  companyNumber: '09876543',
  fcaFirmReference: '765432',
  registeredAddress: '1 Example Yard, Leeds LS1 4AA',
};

const NOW = Date.UTC(2026, 0, 15, 9, 30);
const NOW_S = NOW / 1000;
const BASE = 'https://app.test/api/v2/lender';

function jsonResponse(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

const ok = (resultData: unknown = brand) => envelopeResponse({ resultData });

/** A stand-in for the network: records every request and answers with the given response. */
function fakeFetch(answer: (request: Request) => Response | Promise<Response>) {
  const requests: Request[] = [];
  const fetch = vi.fn((request: Request) => {
    requests.push(request);
    return Promise.resolve(answer(request));
  });
  return { fetch, requests };
}

/** A network that never answers, but gives up as a real fetch does when the request's signal aborts. */
function silentNetwork() {
  return fakeFetch(
    (request) =>
      new Promise<Response>((_resolve, reject) => {
        request.signal.addEventListener('abort', () => {
          reject(request.signal.reason as Error);
        });
      }),
  );
}

/** An expiring storage over a fresh in-memory Web Storage, on the test's clock. */
function testStorage(now: () => number = () => NOW): ExpiringStorage {
  return memoryExpiringStorage({ now }).storage;
}

function hookSpies() {
  const hooks = {
    onSessionExpired: vi.fn<NonNullable<ApiClientHooks['onSessionExpired']>>(),
    onApiError: vi.fn<NonNullable<ApiClientHooks['onApiError']>>(),
    onTransportError: vi.fn<NonNullable<ApiClientHooks['onTransportError']>>(),
  };
  return hooks;
}

/** A client on the test's base URL, clock and storage, unless the test says otherwise. */
function client(fetch: ApiClientOptions['fetch'], options: ApiClientOptions = {}) {
  const storage = options.storage ?? testStorage();
  return { api: createApiClient({ baseUrl: BASE, fetch, storage, now: () => NOW, ...options }), storage };
}

/** Resolves with what the call rejected with; fails the test when the call succeeds. */
const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('The call was expected to fail.');
    },
    (error: unknown) => error,
  );

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('createApiClient: requests', () => {
  it('sends the stored session token, the platform header and credentials to the provider path', async () => {
    const net = fakeFetch(() => ok());
    const storage = testStorage();
    const token = unsignedToken({ exp: NOW_S + 900 });
    storage.setItem('accessToken', token, 900);
    const { api } = client(net.fetch, { storage });

    await api.get('/eligibility/getRebrandParams', { params: { query: { clientName: 'harbour' } } });

    expect(net.requests).toHaveLength(1);
    const [request] = net.requests;
    expect(request?.method).toBe('GET');
    expect(request?.url).toBe(`${BASE}/eligibility/getRebrandParams?clientName=harbour`);
    expect(request?.headers.get('accessToken')).toBe(token);
    expect(request?.headers.get('platform')).toBe('web');
    expect(request?.credentials).toBe('include');
  });

  it('sends an empty accessToken header when there is no session', async () => {
    const net = fakeFetch(() => ok());
    const { api } = client(net.fetch);

    await api.get('/eligibility/getRebrandParams');

    expect(net.requests[0]?.headers.get('accessToken')).toBe('');
    expect(net.requests[0]?.headers.get('platform')).toBe('web');
  });

  it('reads the token through getAccessToken when one is given', async () => {
    const net = fakeFetch(() => ok());
    const { api } = client(net.fetch, { getAccessToken: () => 'token-123' });
    const { api: anonymous } = client(net.fetch, { getAccessToken: () => null });

    await api.get('/eligibility/getRebrandParams');
    await anonymous.get('/eligibility/getRebrandParams');

    expect(net.requests.map((request) => request.headers.get('accessToken'))).toEqual(['token-123', '']);
  });

  it('calls /api/v2/lender on the page origin by default, and /api/v2/{provider} when configured', async () => {
    vi.stubGlobal('location', new URL('https://apply.example.test/finance-portal/#/login'));
    const net = fakeFetch(() => ok());
    const storage = testStorage();

    await createApiClient({ fetch: net.fetch, storage }).get('/eligibility/getRebrandParams');
    await createApiClient({ fetch: net.fetch, storage, provider: 'harbour' }).get('/eligibility/getRebrandParams');

    expect(net.requests.map((request) => request.url)).toEqual([
      'https://apply.example.test/api/v2/lender/eligibility/getRebrandParams',
      'https://apply.example.test/api/v2/harbour/eligibility/getRebrandParams',
    ]);
  });

  it('uses the global fetch, looked up on every call, when none is given', async () => {
    const net = fakeFetch(() => ok());
    vi.stubGlobal('fetch', net.fetch);
    const api = createApiClient({ baseUrl: BASE, storage: testStorage() });

    await api.get('/eligibility/getRebrandParams');

    expect(net.requests).toHaveLength(1);
  });

  it('sends a JSON body on POST and resolves with its resultData', async () => {
    const net = fakeFetch(() => envelopeResponse({ resultData: null }));
    const { api } = client(net.fetch);

    await expect(api.post('/matrix/frontLog', { body: { message: 'boom' } })).resolves.toBeNull();

    const [request] = net.requests;
    expect(request?.method).toBe('POST');
    expect(request?.headers.get('content-type')).toBe('application/json');
    await expect(request?.json()).resolves.toEqual({ message: 'boom' });
  });

  it('runs added middleware on every later call', async () => {
    const net = fakeFetch(() => ok());
    const { api } = client(net.fetch);
    api.use({
      onRequest({ request }) {
        request.headers.set('X-Request-Tag', 'first-cut');
        return request;
      },
    });

    await api.get('/eligibility/getRebrandParams');

    expect(net.requests[0]?.headers.get('X-Request-Tag')).toBe('first-cut');
  });
});

describe('createApiClient: session token expiry', () => {
  it('cancels a call whose token has expired: fetch is never called, the hook is called once', async () => {
    const net = fakeFetch(() => ok());
    const storage = testStorage(() => NOW - 60_000);
    storage.setItem('accessToken', unsignedToken({ exp: NOW_S }), 3600);
    const hooks = hookSpies();
    const { api } = client(net.fetch, { storage, hooks });

    const error = await failureOf(api.get('/eligibility/getRebrandParams'));

    expect(error).toBeInstanceOf(SessionExpiredError);
    expect(error).toMatchObject({
      kind: 'session-expired',
      message: SESSION_EXPIRED_MESSAGE,
      errorMessage: 'Your session token has expired. Please log in again.',
    });
    expect(isApiError(error)).toBe(true);
    expect(net.fetch).not.toHaveBeenCalled();
    expect(hooks.onSessionExpired).toHaveBeenCalledTimes(1);
    expect(hooks.onSessionExpired).toHaveBeenCalledWith(error, {
      method: 'GET',
      schemaPath: '/eligibility/getRebrandParams',
      url: `${BASE}/eligibility/getRebrandParams`,
    });
    expect(hooks.onApiError).not.toHaveBeenCalled();
    expect(hooks.onTransportError).not.toHaveBeenCalled();
  });

  it('checks before every call, raw ones included, and calls the hook once per call', async () => {
    const net = fakeFetch(() => ok());
    const hooks = hookSpies();
    const { api } = client(net.fetch, { getAccessToken: () => unsignedToken({ exp: NOW_S - 1 }), hooks });

    await expect(api.get('/eligibility/getRebrandParams')).rejects.toBeInstanceOf(SessionExpiredError);
    await expect(api.post('/matrix/frontLog', { body: { message: 'boom' } })).rejects.toBeInstanceOf(
      SessionExpiredError,
    );
    await expect(api.raw.GET('/application/getServiceDisable')).rejects.toBeInstanceOf(SessionExpiredError);

    expect(net.fetch).not.toHaveBeenCalled();
    expect(hooks.onSessionExpired).toHaveBeenCalledTimes(3);
  });

  it('sends a token whose exp is still ahead', async () => {
    const net = fakeFetch(() => ok());
    const token = unsignedToken({ exp: NOW_S + 1 });
    const { api } = client(net.fetch, { getAccessToken: () => token });

    await api.get('/eligibility/getRebrandParams');

    expect(net.requests[0]?.headers.get('accessToken')).toBe(token);
  });

  it('sends a token that cannot be decoded as it is (the BFF answers 401)', async () => {
    const net = fakeFetch(() => ok());
    const hooks = hookSpies();
    const { api } = client(net.fetch, { getAccessToken: () => 'opaque.%%%.token', hooks });

    await api.get('/eligibility/getRebrandParams');

    expect(net.requests[0]?.headers.get('accessToken')).toBe('opaque.%%%.token');
    expect(hooks.onSessionExpired).not.toHaveBeenCalled();
  });
});

describe('createApiClient: timeout', () => {
  it(`fails with a transport timeout after ${REQUEST_TIMEOUT_MS} ms, aborting the request`, async () => {
    vi.useFakeTimers();
    const net = silentNetwork();
    const hooks = hookSpies();
    const { api } = client(net.fetch, { hooks });
    let settled = false;
    const failure = failureOf(api.get('/eligibility/getRebrandParams')).finally(() => {
      settled = true;
    });

    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    expect(settled).toBe(false);
    expect(net.requests[0]?.signal.aborted).toBe(false);

    await vi.advanceTimersByTimeAsync(1);
    const error = await failure;

    expect(REQUEST_TIMEOUT_MS).toBe(300_000);
    expect(net.requests[0]?.signal.aborted).toBe(true);
    expect(error).toBeInstanceOf(ApiTransportError);
    expect(error).toMatchObject({
      kind: 'timeout',
      status: 0,
      errorCode: 0,
      httpStatus: 0,
      message: 'Access timed out, please try again or check the network',
    });
    expect(hooks.onTransportError).toHaveBeenCalledTimes(1);
    expect(hooks.onTransportError).toHaveBeenCalledWith(error, expect.objectContaining({ method: 'GET' }));
  });

  it('fails with a timeout even when the fetch ignores the abort', async () => {
    vi.useFakeTimers();
    const { api } = client(() => new Promise<Response>(() => undefined));
    const failure = failureOf(api.get('/eligibility/getRebrandParams'));

    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS);

    await expect(failure).resolves.toMatchObject({ kind: 'timeout', message: NETWORK_FAILURE_MESSAGE });
  });

  it('counts the time spent reading the body', async () => {
    vi.useFakeTimers();
    const net = fakeFetch((request) => {
      const stalled = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode('{"status":200,'));
          request.signal.addEventListener('abort', () => {
            controller.error(request.signal.reason);
          });
        },
      });
      return new Response(stalled, { headers: { 'Content-Type': 'application/json' } });
    });
    const { api } = client(net.fetch);
    const failure = failureOf(api.get('/eligibility/getRebrandParams'));

    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS);

    await expect(failure).resolves.toMatchObject({ kind: 'timeout', message: NETWORK_FAILURE_MESSAGE });
  });

  it('takes a shorter timeout when configured, and leaves no timer behind after an answer', async () => {
    vi.useFakeTimers();
    const { api } = client(silentNetwork().fetch, { timeoutMs: 5_000 });
    const { api: answered } = client(fakeFetch(() => ok()).fetch);

    await expect(answered.get('/eligibility/getRebrandParams')).resolves.toEqual(brand);
    expect(vi.getTimerCount()).toBe(0);

    const failure = failureOf(api.get('/eligibility/getRebrandParams'));
    await vi.advanceTimersByTimeAsync(5_000);
    await expect(failure).resolves.toMatchObject({ kind: 'timeout' });
  });

  it("respects the caller's signal: its abort rejects with the caller's reason and calls no hook", async () => {
    const net = silentNetwork();
    const hooks = hookSpies();
    const { api } = client(net.fetch, { hooks });
    const controller = new AbortController();

    const failure = failureOf(api.get('/eligibility/getRebrandParams', { signal: controller.signal }));
    await vi.waitFor(() => {
      expect(net.fetch).toHaveBeenCalled();
    });
    controller.abort();
    const error = await failure;

    expect(error).toBeInstanceOf(DOMException);
    expect(error).toMatchObject({ name: 'AbortError' });
    expect(isApiError(error)).toBe(false);
    expect(hooks.onTransportError).not.toHaveBeenCalled();
    expect(hooks.onApiError).not.toHaveBeenCalled();
  });
});

describe('createApiClient: token renewal', () => {
  it('keeps a renewed token for the session lifetime', async () => {
    let now = NOW;
    const storage = testStorage(() => now);
    storage.setItem('accessToken', unsignedToken({ exp: NOW_S + 120 }), 120);
    const renewed = unsignedToken({ exp: NOW_S + 900, sid: 'renewed' });
    const net = fakeFetch(() =>
      jsonResponse({ status: 200, errorCode: 0, errorMessage: '', resultData: brand }, 200, {
        'X-Renewed-Access-Token': renewed,
      }),
    );
    const { api } = client(net.fetch, { storage, now: () => now });

    await api.get('/eligibility/getRebrandParams');

    expect(readStoredAccessToken(storage)).toBe(renewed);
    now += ACCESS_TOKEN_STORAGE_SECONDS * 1000 - 1;
    expect(readStoredAccessToken(storage)).toBe(renewed);
    now += 1;
    expect(readStoredAccessToken(storage)).toBeNull();
  });

  it('sends the renewed token on the next call', async () => {
    const renewed = unsignedToken({ exp: NOW_S + 900, sid: 'renewed' });
    const net = fakeFetch(() =>
      jsonResponse({ status: 200, errorCode: 0, errorMessage: '', resultData: brand }, 200, {
        'X-Renewed-Access-Token': renewed,
      }),
    );
    const { api } = client(net.fetch);

    await api.get('/eligibility/getRebrandParams');
    await api.get('/eligibility/getRebrandParams');

    expect(net.requests.map((request) => request.headers.get('accessToken'))).toEqual(['', renewed]);
  });

  it('keeps a renewed token that comes with a failure too', async () => {
    const renewed = unsignedToken({ exp: NOW_S + 900 });
    const net = fakeFetch(() =>
      jsonResponse({ status: 500, errorCode: 100407, errorMessage: 'Closed' }, 200, {
        'X-Renewed-Access-Token': renewed,
      }),
    );
    const { api, storage } = client(net.fetch);

    await expect(api.get('/eligibility/getRebrandParams')).rejects.toBeInstanceOf(ApiError);

    expect(readStoredAccessToken(storage)).toBe(renewed);
  });

  it('ignores a renewed token without a readable exp, keeping the current one', async () => {
    const current = unsignedToken({ exp: NOW_S + 120 });
    const net = fakeFetch(() =>
      jsonResponse({ status: 200, errorCode: 0, errorMessage: '', resultData: brand }, 200, {
        'X-Renewed-Access-Token': 'garbage',
      }),
    );
    const { api, storage } = client(net.fetch);
    storage.setItem('accessToken', current, 120);

    await api.get('/eligibility/getRebrandParams');

    expect(readStoredAccessToken(storage)).toBe(current);
  });
});

describe('createApiClient: answers', () => {
  it('resolves with the resultData of a successful envelope', async () => {
    const { api } = client(fakeFetch(() => ok()).fetch);

    await expect(api.get('/eligibility/getRebrandParams')).resolves.toEqual(brand);
  });

  it('rejects with an ApiError carrying the catalogue code when the body status is not 200', async () => {
    const net = fakeFetch(() =>
      jsonResponse({ status: 500, errorCode: 100407, errorMessage: 'The service is closed for maintenance' }),
    );
    const hooks = hookSpies();
    const { api } = client(net.fetch, { hooks });

    const error = await failureOf(api.get('/eligibility/getRebrandParams'));

    expect(error).toBeInstanceOf(ApiError);
    expect(error).not.toBeInstanceOf(ApiTransportError);
    expect(error).toMatchObject({
      kind: 'envelope',
      status: 500,
      errorCode: 100407,
      errorMessage: 'The service is closed for maintenance',
      httpStatus: 200,
      message: 'The service is closed for maintenance',
    });
    expect(hooks.onApiError).toHaveBeenCalledTimes(1);
    expect(hooks.onApiError).toHaveBeenCalledWith(error, {
      method: 'GET',
      schemaPath: '/eligibility/getRebrandParams',
      url: `${BASE}/eligibility/getRebrandParams`,
    });
    expect(hooks.onTransportError).not.toHaveBeenCalled();
  });

  it.each([
    { httpStatus: 401, errorCode: 100401, errorMessage: 'Your session has ended. Please log in again.' },
    { httpStatus: 503, errorCode: 100503, errorMessage: 'The service is unavailable, please try again later.' },
  ])('rejects with an ApiError for an HTTP $httpStatus envelope', async ({ httpStatus, errorCode, errorMessage }) => {
    const net = fakeFetch(() => envelopeResponse({ status: httpStatus, errorCode, errorMessage, httpStatus }));
    const hooks = hookSpies();
    const { api } = client(net.fetch, { hooks });

    const error = await failureOf(api.get('/eligibility/getRebrandParams'));

    expect(error).toBeInstanceOf(ApiError);
    expect(error).not.toBeInstanceOf(ApiTransportError);
    expect(error).toMatchObject({ kind: 'envelope', status: httpStatus, errorCode, errorMessage, httpStatus });
    expect(hooks.onApiError).toHaveBeenCalledTimes(1);
  });

  it('names the field a 100400 is about (resultData.field), and no field when the answer names none', async () => {
    const refusal = { status: 400, errorCode: 100400, errorMessage: 'Enter a real postcode, like AB1 2CD' };
    const named = client(fakeFetch(() => jsonResponse({ ...refusal, resultData: { field: 'postCode' } }, 400)).fetch);
    const unnamed = client(fakeFetch(() => jsonResponse({ ...refusal, resultData: null }, 400)).fetch);
    const query = { params: { query: { postCode: 'XYZ' } } };

    expect(await failureOf(named.api.get('/eligibility/postCodeQuery', query))).toMatchObject({ ...refusal, field: 'postCode' });
    expect(await failureOf(unnamed.api.get('/eligibility/postCodeQuery', query))).not.toHaveProperty('field');
  });

  it("rejects with a transport error when an HTTP failure carries no envelope (a proxy's HTML 502)", async () => {
    const net = fakeFetch(
      () => new Response('<html>Bad gateway</html>', { status: 502, headers: { 'Content-Type': 'text/html' } }),
    );
    const hooks = hookSpies();
    const { api } = client(net.fetch, { hooks });

    const error = await failureOf(api.get('/eligibility/getRebrandParams'));

    expect(error).toBeInstanceOf(ApiTransportError);
    expect(error).toMatchObject({
      kind: 'http',
      status: 502,
      errorCode: 0,
      errorMessage: NETWORK_FAILURE_MESSAGE,
      httpStatus: 502,
    });
    expect(hooks.onTransportError).toHaveBeenCalledTimes(1);
    expect(hooks.onApiError).not.toHaveBeenCalled();
  });

  it('rejects with a transport error when JSON that is not an envelope comes back from a failure', async () => {
    const net = fakeFetch(() => jsonResponse({ message: 'Bad gateway' }, 502));
    const { api } = client(net.fetch);

    await expect(api.get('/eligibility/getRebrandParams')).rejects.toMatchObject({ kind: 'http', httpStatus: 502 });
  });

  it('rejects with a transport error when a JSON call succeeds without an envelope', async () => {
    const net = fakeFetch(
      () => new Response('<html>Sign in to the Wi-Fi</html>', { headers: { 'Content-Type': 'text/html' } }),
    );
    const { api } = client(net.fetch);

    const error = await failureOf(api.get('/eligibility/getRebrandParams'));

    expect(error).toBeInstanceOf(ApiTransportError);
    expect(error).toMatchObject({ kind: 'http', status: 200, httpStatus: 200, message: NETWORK_FAILURE_MESSAGE });
  });

  it('rejects with a transport error (status 0) when the BFF cannot be reached', async () => {
    const hooks = hookSpies();
    const { api } = client(() => Promise.reject(new TypeError('fetch failed')), { hooks });

    const error = await failureOf(api.get('/eligibility/getRebrandParams'));

    expect(error).toBeInstanceOf(ApiTransportError);
    expect(isApiError(error)).toBe(true);
    expect(error).toMatchObject({
      kind: 'network',
      status: 0,
      errorCode: 0,
      errorMessage: NETWORK_FAILURE_MESSAGE,
      httpStatus: 0,
    });
    expect((error as Error).cause).toBeInstanceOf(TypeError);
    expect(hooks.onTransportError).toHaveBeenCalledTimes(1);
  });

  it('leaves a successful answer that is not JSON (a PDF) to raw callers, untouched', async () => {
    const pdf = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d]);
    const net = fakeFetch(() => new Response(pdf, { headers: { 'Content-Type': 'application/pdf' } }));
    const hooks = hookSpies();
    const { api } = client(net.fetch, { hooks, getAccessToken: () => 'token-123' });

    const { data, error, response } = await api.raw.GET('/application/getServiceDisable', {
      parseAs: 'arrayBuffer',
    });

    expect(error).toBeUndefined();
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(new Uint8Array(data as unknown as ArrayBuffer)).toEqual(pdf);
    expect(net.requests[0]?.headers.get('accessToken')).toBe('token-123');
    expect(hooks.onTransportError).not.toHaveBeenCalled();
  });

  it('still rejects a raw call whose answer is an HTTP failure', async () => {
    const net = fakeFetch(
      () => new Response('<html>Bad gateway</html>', { status: 502, headers: { 'Content-Type': 'text/html' } }),
    );
    const { api } = client(net.fetch);

    await expect(api.raw.GET('/application/getServiceDisable', { parseAs: 'blob' })).rejects.toMatchObject({
      kind: 'http',
      httpStatus: 502,
    });
  });

  it('fails with its own error even when a hook throws, and logs the hook failure', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const net = fakeFetch(() =>
      envelopeResponse({ status: 500, errorCode: 100500, errorMessage: 'Internal Server Error' }),
    );
    const { api } = client(net.fetch, {
      hooks: {
        onApiError: () => {
          throw new Error('navigation failed');
        },
      },
    });

    await expect(api.get('/eligibility/getRebrandParams')).rejects.toMatchObject({ errorCode: 100500 });
    expect(logged).toHaveBeenCalledTimes(1);
  });

  it('types each call by the OpenAPI document', () => {
    const { api } = client(() => Promise.resolve(jsonResponse({})));

    expectTypeOf(api.get<'/eligibility/getRebrandParams'>).returns.resolves.toEqualTypeOf<BrandConfig>();
    expectTypeOf(api.get<'/application/getServiceDisable'>).returns.resolves.toHaveProperty('disabled');
    expectTypeOf(api.post<'/matrix/frontLog'>).parameter(1).toExtend<{ body: { message: string } }>();
  });
});
