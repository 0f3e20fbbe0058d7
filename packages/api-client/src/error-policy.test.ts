import { describe, expect, expectTypeOf, it, vi } from 'vitest';
import { NETWORK_FAILURE_MESSAGE, SESSION_EXPIRED_MESSAGE } from './api-error';
import { createApiClient } from './client';
import type { BodyEnvelope, ResultData } from './client';
import {
  callMatches,
  callPolicy,
  createErrorEffectRunner,
  decideErrorEffects,
  ERROR_TOAST_MS,
  resolvesWithBody,
  SERVER_FAULT_MESSAGE,
} from './error-policy';
import type { Destination, ErrorAction, ErrorEffectTable, FailedCall } from './error-policy';
import type { components } from './schema';
import { envelopeResponse, memoryExpiringStorage, unsignedToken } from './testing';

const NOW = Date.UTC(2026, 0, 15, 9, 30);
const BASE = 'https://app.test/api/v2/lender';

/** A failed envelope call (HTTP 200 with a failing body) unless the case says otherwise. */
function failed(overrides: Partial<FailedCall>): FailedCall {
  return {
    path: '/user/magicLink',
    kind: 'envelope',
    httpStatus: 200,
    status: 400,
    errorCode: 0,
    errorMessage: 'A message from the server.',
    ...overrides,
  };
}

const toast = (message: string): ErrorAction => ({ type: 'toast', message, durationMs: ERROR_TOAST_MS });
const go = (to: Destination): ErrorAction => ({ type: 'navigate', to });
const MESSAGE = 'A message from the server.';

describe('decideErrorEffects: the codes of spec §8', () => {
  it.each<[string, Partial<FailedCall>, ErrorAction[]]>([
    ['100407 raises the service-disabled event', { errorCode: 100407, status: 503 }, [{ type: 'service-disabled' }]],
    [
      '100638 goes to redirectLogin with the message as redirectInfo',
      { errorCode: 100638 },
      [{ type: 'redirect-info', message: MESSAGE }, go('redirectLogin')],
    ],
    [
      '100618 (a registration that has not confirmed its address) toasts and goes to the confirmation step',
      { errorCode: 100618, status: 403 },
      [toast(MESSAGE), go('confirmEmail')],
    ],
    [
      '100619 (an unconfirmed registration discarded at sign-in) keeps the message and starts a new application',
      { errorCode: 100619, status: 409 },
      [{ type: 'redirect-info', message: MESSAGE }, go('startApplication')],
    ],
    [
      '100603 raises the dialog with code and message, then goes to login',
      { errorCode: 100603, status: 423 },
      [{ type: 'dialog', code: 100603, message: MESSAGE }, go('login')],
    ],
    [
      '100502 keeps the message as the login error, then goes to login',
      { errorCode: 100502 },
      [{ type: 'login-error', message: MESSAGE }, go('login')],
    ],
    [
      '100613 goes to login and opens the already-a-user popup',
      { errorCode: 100613, status: 409 },
      [go('login'), { type: 'popup', code: 100613, message: MESSAGE }],
    ],
    [
      '100608 shows no toast, goes to login and opens the Email verification failed popup',
      { errorCode: 100608 },
      [go('login'), { type: 'popup', code: 100608, message: MESSAGE }],
    ],
    ['100614 is silent', { errorCode: 100614 }, []],
    ['100615 is silent', { errorCode: 100615 }, []],
    ['100616 is silent', { errorCode: 100616 }, []],
    ['100617 is silent', { errorCode: 100617, status: 403 }, []],
    [
      "'Internal Server Error' goes to /error",
      { errorCode: 100500, status: 500, httpStatus: 500, errorMessage: 'Internal Server Error' },
      [go('error')],
    ],
    ['another code shows its message as a 3000 ms toast', { errorCode: 100400 }, [toast(MESSAGE)]],
    ['a failing status without a code shows the message', { errorCode: 0, status: 400 }, [toast(MESSAGE)]],
    [
      'an HTTP error that carried the envelope (503) shows its message',
      { errorCode: 100503, status: 503, httpStatus: 503, errorMessage: 'Unavailable.' },
      [toast('Unavailable.')],
    ],
    [
      'a rate limit (HTTP 429) shows its message',
      { errorCode: 100429, status: 429, httpStatus: 429, errorMessage: 'Too many attempts.' },
      [toast('Too many attempts.')],
    ],
  ])('%s', (_case, call, actions) => {
    expect(decideErrorEffects(failed(call))).toEqual(actions);
  });
});

describe('decideErrorEffects: the calls spec §8 treats differently', () => {
  const ise = { errorCode: 100500, status: 500, httpStatus: 500, errorMessage: 'Internal Server Error' };

  it("keeps the bank status check away from /error, with no toast either", () => {
    expect(decideErrorEffects(failed({ ...ise, path: '/bank/getOBStatus' }))).toEqual([]);
    expect(decideErrorEffects(failed({ path: '/bank/getOBStatus', errorCode: 100400 }))).toEqual([]);
  });

  it.each([
    '/payment/confirmationOfPayee',
    '/user/phoneVerification',
    '/user/sendPhoneVerificationCode',
    '/account/signaturePdf',
    '/application/commissionInfo',
    '/matrix/frontLog',
    '/telemetry/errors',
  ])('shows no toast for another code on %s', (path) => {
    expect(decideErrorEffects(failed({ path, errorCode: 100400 }))).toEqual([]);
  });

  it("leaves the new e-mail address's 100400 to its field, and toasts its other failures", () => {
    const path = '/user/updateApplicationEmail';
    expect(decideErrorEffects(failed({ path, errorCode: 100400 }))).toEqual([]);
    expect(decideErrorEffects(failed({ path, errorCode: 100503, status: 503, httpStatus: 503 }))).toEqual([toast(MESSAGE)]);
  });

  it("leaves every refusal of the e-mail change's link to /emailVerify: no login, no popup, no toast", () => {
    const path = '/profile/confirmEmailChange';
    expect(decideErrorEffects(failed({ path, errorCode: 100608 }))).toEqual([]);
    expect(decideErrorEffects(failed({ path, errorCode: 100400 }))).toEqual([]);
    expect(decideErrorEffects(failed({ path, errorCode: 100617, status: 403, httpStatus: 403 }))).toEqual([]);
    // Elsewhere a used link is the login and its popup.
    expect(decideErrorEffects(failed({ path: '/user/emailSoftConfirmation', errorCode: 100608 }))).toEqual([
      go('login'),
      { type: 'popup', code: 100608, message: MESSAGE },
    ]);
  });

  it("still takes the e-mail change's link to /error, the maintenance overlay, a log-out and a toast for no answer", () => {
    const path = '/profile/confirmEmailChange';
    expect(decideErrorEffects(failed({ ...ise, path }))).toEqual([go('error')]);
    expect(decideErrorEffects(failed({ path, errorCode: 100407, status: 503 }))).toEqual([{ type: 'service-disabled' }]);
    expect(decideErrorEffects(failed({ path, httpStatus: 401, status: 401, errorCode: 100401 }))).toContainEqual({ type: 'logout' });
    expect(
      decideErrorEffects(failed({ path, kind: 'network', httpStatus: 0, status: 0, errorMessage: NETWORK_FAILURE_MESSAGE })),
    ).toEqual([toast(NETWORK_FAILURE_MESSAGE)]);
  });

  it.each<[string, Partial<FailedCall>]>([
    ['an envelope failure', { errorCode: 100400 }],
    ['a network failure', { kind: 'network', httpStatus: 0, status: 0, errorMessage: NETWORK_FAILURE_MESSAGE }],
  ])('shows no toast for %s of the brand call, whose screen says it and offers Try again', (_case, call) => {
    expect(decideErrorEffects(failed({ path: '/eligibility/getRebrandParams', ...call }))).toEqual([]);
  });

  it("still sends an 'Internal Server Error' of the brand call to /error", () => {
    expect(decideErrorEffects(failed({ ...ise, path: '/eligibility/getRebrandParams' }))).toEqual([go('error')]);
  });

  // Statements, the annual statement and pdf downloads resolve with their body too the day their operations
  // exist: the contract marks them `resolve-body` then (see x-error-policies in bff/openapi.yaml).
  it.each(['/sandbox/searchEmail', '/sandbox/email/{id}', '/sandbox/email/m-1'])(
    'lets %s resolve with its body, still showing the message',
    (path) => {
      expect(resolvesWithBody(path)).toBe(true);
      expect(decideErrorEffects(failed({ path, errorCode: 100400 }))).toEqual([toast(MESSAGE)]);
    },
  );

  it('resolves no other call with its body', () => {
    expect(resolvesWithBody('/user/magicLink')).toBe(false);
    expect(resolvesWithBody('/payment/confirmationOfPayee')).toBe(false);
  });

  it.each<[string, Partial<FailedCall>]>([
    ['an envelope failure', { errorCode: 100400 }],
    ['a network failure', { kind: 'network', httpStatus: 0, status: 0, errorMessage: NETWORK_FAILURE_MESSAGE }],
    ['an answer without an envelope', { kind: 'http', httpStatus: 502, status: 502, errorMessage: NETWORK_FAILURE_MESSAGE }],
  ])('reports %s of a loan-ledger call as Internal Server Error: /error', (_case, call) => {
    expect(decideErrorEffects(failed({ path: '/ledger/loanCalcPub', ...call }))).toEqual([go('error')]);
  });

  it('matches paths given as templates, without the leading slash, or as full URLs', () => {
    expect(callMatches('no-error-screen', 'bank/getOBStatus')).toBe(true);
    expect(callMatches('no-error-screen', `${BASE}/bank/getOBStatus?applyId=1`)).toBe(true);
    expect(callMatches('fails-as-internal', '/eligibility/ledger/x')).toBe(false);
  });
});

describe('call policies come from the contract (x-error-policy), keyed by operation', () => {
  const ise = { errorCode: 100500, status: 500, httpStatus: 500, errorMessage: 'Internal Server Error' };
  const network = { kind: 'network' as const, httpStatus: 0, status: 0, errorMessage: NETWORK_FAILURE_MESSAGE };

  // An operation the contract does not mark gets spec §8's defaults whatever its name says: a statement call, a
  // log, a ledger or a pdf by name only is an ordinary call until bff/openapi.yaml marks its operation.
  it.each(['/statement/list', '/account/getStatementPdf', '/user/logoutEverywhere', '/ledgerSummary', '/sandbox/emails'])(
    'a new operation %s gets the default policy',
    (path) => {
      expect(callPolicy(path)).toEqual([]);
      expect(resolvesWithBody(path)).toBe(false);
      expect(decideErrorEffects(failed({ path, errorCode: 100400 }))).toEqual([toast(MESSAGE)]);
      expect(decideErrorEffects(failed({ path, ...ise }))).toEqual([go('error')]);
      expect(decideErrorEffects(failed({ path, ...network }))).toEqual([toast(NETWORK_FAILURE_MESSAGE)]);
    },
  );

  it('reads the rules of an operation from its template, a concrete path or a full URL', () => {
    expect(callPolicy('/sandbox/searchEmail')).toEqual(['resolve-body', 'no-logout-on-401']);
    expect(callPolicy('/sandbox/email/{id}')).toEqual(['resolve-body']);
    expect(callPolicy(`${BASE}/sandbox/email/m-1?x=1`)).toEqual(['resolve-body']);
    expect(callPolicy('/sandbox/email/m-1/raw')).toEqual([]);
  });
});

describe('decideErrorEffects: HTTP and transport failures', () => {
  const unauthorized = { errorCode: 100401, status: 401, httpStatus: 401, errorMessage: 'Your session has ended.' };

  it('HTTP 401: records session_expired, keeps and shows the message, logs out, goes to login and reloads', () => {
    expect(decideErrorEffects(failed(unauthorized))).toEqual([
      { type: 'track', event: 'session_expired' },
      { type: 'login-error', message: 'Your session has ended.' },
      toast('Your session has ended.'),
      { type: 'logout' },
      go('login'),
      { type: 'reload' },
    ]);
  });

  it('HTTP 401 without an envelope still logs out', () => {
    const actions = decideErrorEffects(
      failed({ kind: 'http', httpStatus: 401, status: 401, errorCode: 0, errorMessage: NETWORK_FAILURE_MESSAGE }),
    );
    expect(actions.map((action) => action.type)).toEqual(['track', 'login-error', 'toast', 'logout', 'navigate', 'reload']);
  });

  it('HTTP 401 of the sandbox search only shows the message: the sandbox token is not the session', () => {
    expect(decideErrorEffects(failed({ ...unauthorized, path: '/sandbox/searchEmail' }))).toEqual([
      toast('Your session has ended.'),
    ]);
  });

  it('HTTP 401 when nobody was signed in goes to login with the message, without a log-out or reload', () => {
    expect(decideErrorEffects(failed({ ...unauthorized, signedIn: false }))).toEqual([
      { type: 'login-error', message: 'Your session has ended.' },
      go('login'),
      toast('Your session has ended.'),
    ]);
  });

  it('a failing log-out call does nothing (its 401 is the expected answer)', () => {
    expect(decideErrorEffects(failed({ ...unauthorized, path: '/user/logout' }))).toEqual([]);
  });

  it.each<[string, Partial<FailedCall>]>([
    ['a network failure', { kind: 'network', httpStatus: 0, status: 0 }],
    ['a timeout', { kind: 'timeout', httpStatus: 0, status: 0 }],
    ['a proxy 502 without an envelope', { kind: 'http', httpStatus: 502, status: 502 }],
  ])('%s: a 3000 ms toast saying access timed out', (_case, call) => {
    expect(decideErrorEffects(failed({ ...call, errorCode: 0, errorMessage: NETWORK_FAILURE_MESSAGE }))).toEqual([
      toast(NETWORK_FAILURE_MESSAGE),
    ]);
  });

  it.each(['/matrix/frontLog', '/telemetry/analytics/batch', '/bank/getOBStatus'])(
    'no toast when %s cannot be reached',
    (path) => {
      expect(decideErrorEffects(failed({ path, kind: 'network', httpStatus: 0, status: 0 }))).toEqual([]);
    },
  );

  it('an expired token before the call: the session is forgotten, e-mail login with the expiry message', () => {
    expect(decideErrorEffects(failed({ kind: 'session-expired', httpStatus: 0, status: 0 }))).toEqual([
      { type: 'login-error', message: SESSION_EXPIRED_MESSAGE },
      { type: 'logout' },
      go('emailLogin'),
    ]);
  });

  it('an expired token on the log-out call itself does nothing more', () => {
    expect(decideErrorEffects(failed({ path: '/user/logout', kind: 'session-expired', httpStatus: 0, status: 0 }))).toEqual([]);
  });
});

/** A table that records what it was asked to do, in order. */
function recordingTable(overrides: Partial<ErrorEffectTable> = {}) {
  const done: string[] = [];
  const record =
    (name: string) =>
    (...args: unknown[]) => {
      done.push([name, ...args].join(' '));
    };
  const table: ErrorEffectTable = {
    destination: (to) => `/app/${to}`,
    navigate: record('navigate'),
    serviceDisabled: record('service-disabled'),
    setLoginError: record('login-error'),
    setRedirectInfo: record('redirect-info'),
    openDialog: record('dialog'),
    openPopup: record('popup'),
    toast: record('toast'),
    track: record('track'),
    logout: () => {
      done.push('logout');
      return Promise.resolve();
    },
    reload: record('reload'),
    ...overrides,
  };
  return { table, done };
}

type Answer = () => Response | Promise<Response>;

/** A client over a fake fetch whose failures run through the runner with a recording table. */
function setUp(answer: Answer, tableOverrides: Partial<ErrorEffectTable> = {}) {
  const { table, done } = recordingTable(tableOverrides);
  const runner = createErrorEffectRunner(table);
  const { storage } = memoryExpiringStorage({ now: () => NOW });
  const fetch = vi.fn(() => Promise.resolve(answer()));
  const api = createApiClient({ baseUrl: BASE, fetch, storage, now: () => NOW, hooks: runner.hooks });
  // For calls that are not in the contract yet (ledger, bank, payee): the client types only the contract's paths.
  const postAny = api.post as unknown as (path: string, init?: object) => Promise<unknown>;
  return { api, postAny, runner, done, storage, fetch };
}

const settle = (promise: Promise<unknown>) => promise.then(
  (value: unknown) => ({ value }),
  (error: unknown) => ({ error }),
);

describe('the runner, behind a client on a fake fetch', () => {
  it.each<[string, Parameters<typeof envelopeResponse>[0], string[]]>([
    ['100407', { status: 503, errorCode: 100407, errorMessage: 'Off.' }, ['service-disabled']],
    ['100638', { status: 400, errorCode: 100638, errorMessage: 'Another way.' }, ['redirect-info Another way.', 'navigate /app/redirectLogin']],
    ['100603', { status: 423, errorCode: 100603, errorMessage: 'Locked.' }, ['dialog 100603 Locked.', 'navigate /app/login']],
    ['100618', { status: 403, errorCode: 100618, errorMessage: 'Confirm.' }, ['toast Confirm. 3000', 'navigate /app/confirmEmail']],
    ['100619', { status: 409, errorCode: 100619, errorMessage: 'Again.' }, ['redirect-info Again.', 'navigate /app/startApplication']],
    ['100502', { status: 400, errorCode: 100502, errorMessage: 'Dead link.' }, ['login-error Dead link.', 'navigate /app/login']],
    ['100613', { status: 409, errorCode: 100613, errorMessage: 'Customer.' }, ['navigate /app/login', 'popup 100613 Customer.']],
    ['100608', { status: 400, errorCode: 100608, errorMessage: 'Bad link.' }, ['navigate /app/login', 'popup 100608 Bad link.']],
    ['100614', { status: 400, errorCode: 100614, errorMessage: 'Wrong code.' }, []],
    ['100615', { status: 400, errorCode: 100615, errorMessage: 'Wrong PIN.' }, []],
    ['100616', { status: 400, errorCode: 100616, errorMessage: 'Mismatch.' }, []],
    ['100617', { status: 403, errorCode: 100617, errorMessage: 'Staff.' }, []],
    ['Internal Server Error', { status: 500, errorCode: 100500, errorMessage: 'Internal Server Error', httpStatus: 500 }, ['navigate /app/error']],
    ['another code', { status: 400, errorCode: 100400, errorMessage: 'Check the address.' }, ['toast Check the address. 3000']],
  ])('%s: the call rejects with its ApiError and the table does what §8 says', async (_case, body, expected) => {
    const { api, runner, done } = setUp(() => envelopeResponse(body));

    const outcome = await settle(api.post('/user/magicLink', { body: { email: 'a@example.test' } }));
    await runner.settled();

    expect(outcome).toMatchObject({ error: { name: 'ApiError', errorCode: body?.errorCode } });
    expect(done).toEqual(expected);
  });

  it('HTTP 401: session_expired, the message, a log-out awaited before going to login and reloading there', async () => {
    const { table, done } = recordingTable();
    let finishLogout: () => void = () => undefined;
    table.logout = () => {
      done.push('logout started');
      return new Promise<void>((resolve) => {
        finishLogout = () => {
          done.push('logout finished');
          resolve();
        };
      });
    };
    const runner = createErrorEffectRunner(table);
    const api = createApiClient({
      baseUrl: BASE,
      storage: memoryExpiringStorage({ now: () => NOW }).storage,
      now: () => NOW,
      fetch: () => Promise.resolve(envelopeResponse({ status: 401, errorCode: 100401, errorMessage: 'Ended.', httpStatus: 401 })),
      hooks: runner.hooks,
    });

    await settle(api.get('/eligibility/getRebrandParams'));
    // A second call failing with 401 while the log-out is under way does not start another one.
    await settle(api.get('/eligibility/getRebrandParams'));
    expect(done).toEqual(['track session_expired', 'login-error Ended.', 'toast Ended. 3000', 'logout started']);
    finishLogout();
    await runner.settled();

    expect(done).toEqual([
      'track session_expired',
      'login-error Ended.',
      'toast Ended. 3000',
      'logout started',
      'logout finished',
      'navigate /app/login',
      'reload /app/login',
    ]);
  });

  it('HTTP 401 while nobody is signed in: login with the message, no log-out and no reload', async () => {
    const { api, runner, done } = setUp(
      () => envelopeResponse({ status: 401, errorCode: 100401, errorMessage: 'Ended.', httpStatus: 401 }),
      { signedIn: () => false },
    );

    await settle(api.get('/eligibility/getRebrandParams'));
    await runner.settled();

    expect(done).toEqual(['login-error Ended.', 'navigate /app/login', 'toast Ended. 3000']);
  });

  it('HTTP 401 of the sandbox search resolves with the body and only shows the message', async () => {
    const { api, runner, done } = setUp(() =>
      envelopeResponse({ status: 401, errorCode: 100401, errorMessage: 'Sandbox sign-in needed.', httpStatus: 401 }),
    );

    const body = await api.post('/sandbox/searchEmail', { body: { address: 'a@example.test' } });
    await runner.settled();

    expect(body).toEqual({ status: 401, errorCode: 100401, errorMessage: 'Sandbox sign-in needed.' });
    expect(done).toEqual(['toast Sandbox sign-in needed. 3000']);
  });

  it('a failing sandbox e-mail call resolves with its envelope and still shows the message', async () => {
    const { api, runner, done } = setUp(() =>
      envelopeResponse({ status: 404, errorCode: 100404, errorMessage: 'No such message.' }),
    );

    const body = await api.get('/sandbox/email/{id}', { params: { path: { id: 'm-1' } } });
    await runner.settled();

    expect(body).toEqual({ status: 404, errorCode: 100404, errorMessage: 'No such message.' });
    expect(done).toEqual(['toast No such message. 3000']);
  });

  it('a successful sandbox search resolves with the whole envelope too', async () => {
    const messages: components['schemas']['SandboxMessageSummary'][] = [];
    const { api, done } = setUp(() => envelopeResponse({ resultData: { messages } }));

    const body = await api.post('/sandbox/searchEmail', { body: { address: 'a@example.test' } });

    expect(body).toEqual({ status: 200, errorCode: 0, errorMessage: '', resultData: { messages } });
    expect(done).toEqual([]);
    expectTypeOf(body).toEqualTypeOf<BodyEnvelope<{ messages: typeof messages }>>();
    expectTypeOf<ResultData<'/user/logout', 'post'>>().not.toExtend<BodyEnvelope<unknown>>();
  });

  it.each<[string, Answer, string[]]>([
    ['a network failure', () => Promise.reject(new TypeError('Failed to fetch')), [`toast ${NETWORK_FAILURE_MESSAGE} 3000`]],
    ['a proxy 502 page', () => new Response('<html>Bad gateway</html>', { status: 502 }), [`toast ${NETWORK_FAILURE_MESSAGE} 3000`]],
  ])('%s: a toast saying access timed out', async (_case, answer, expected) => {
    const { api, runner, done } = setUp(answer);

    // Not the brand call: its screens say its failures themselves (the rule `silent` of the contract).
    const outcome = await settle(api.get('/sandbox/info'));
    await runner.settled();

    expect(outcome).toMatchObject({ error: { name: 'ApiTransportError' } });
    expect(done).toEqual(expected);
  });

  it("a postcode lookup's 100400 is left to the field; its other failures still toast", async () => {
    const refused = setUp(() =>
      envelopeResponse({ status: 400, errorCode: 100400, errorMessage: 'Enter a real postcode, like AB1 2CD' }),
    );
    const outcome = await settle(refused.api.get('/eligibility/postCodeQuery', { params: { query: { postCode: 'NOPE1' } } }));
    await refused.runner.settled();
    expect(outcome).toMatchObject({ error: { errorCode: 100400, errorMessage: 'Enter a real postcode, like AB1 2CD' } });
    expect(refused.done).toEqual([]);

    const down = setUp(() => Promise.reject(new TypeError('Failed to fetch')));
    await settle(down.api.get('/eligibility/postCodeQuery', { params: { query: { postCode: 'SW1A 1AA' } } }));
    await down.runner.settled();
    expect(down.done).toEqual([`toast ${NETWORK_FAILURE_MESSAGE} 3000`]);
  });

  it.each(['/matrix/frontLog', '/telemetry/errors'])('no toast when the log call %s fails', async (path) => {
    const { postAny, runner, done } = setUp(() => Promise.reject(new TypeError('Failed to fetch')));

    await settle(postAny(path, { body: {} }));
    await runner.settled();

    expect(done).toEqual([]);
  });

  it("the bank status check's Internal Server Error goes nowhere", async () => {
    const { postAny, runner, done } = setUp(() =>
      envelopeResponse({ status: 500, errorCode: 100500, errorMessage: 'Internal Server Error', httpStatus: 500 }),
    );

    await settle(postAny('/bank/getOBStatus'));
    await runner.settled();

    expect(done).toEqual([]);
  });

  it('a loan-ledger failure goes to /error', async () => {
    const { postAny, runner, done } = setUp(() => envelopeResponse({ status: 400, errorCode: 100400, errorMessage: 'Bad amount.' }));

    await settle(postAny('/ledger/loanCalcPub', { body: {} }));
    await runner.settled();

    expect(done).toEqual(['navigate /app/error']);
  });

  it('payee confirmation shows no toast', async () => {
    const { postAny, runner, done } = setUp(() => envelopeResponse({ status: 400, errorCode: 100400, errorMessage: 'No match.' }));

    await settle(postAny('/payment/confirmationOfPayee', { body: {} }));
    await runner.settled();

    expect(done).toEqual([]);
  });

  it('an expired token: the call is never sent, and the person goes to e-mail login with the message', async () => {
    const { api, runner, done, storage, fetch } = setUp(() => envelopeResponse());
    storage.setItem('accessToken', unsignedToken({ exp: NOW / 1000 - 1 }), 900);

    const outcome = await settle(api.get('/eligibility/getRebrandParams'));
    await runner.settled();

    expect(outcome).toMatchObject({ error: { name: 'SessionExpiredError' } });
    expect(fetch).not.toHaveBeenCalled();
    expect(done).toEqual([`login-error ${SESSION_EXPIRED_MESSAGE}`, 'logout', 'navigate /app/emailLogin']);
  });

  it('an app without an error screen stays put and says the fault is ours in a toast', async () => {
    const { postAny, runner, done } = setUp(
      () => envelopeResponse({ status: 500, errorCode: 100500, errorMessage: 'Internal Server Error', httpStatus: 500 }),
      { destination: (to) => (to === 'error' ? null : `/app/${to}`) },
    );

    await settle(postAny('/user/startOverApply'));
    await runner.settled();

    expect(done).toEqual([`toast ${SERVER_FAULT_MESSAGE} 3000`]);
  });

  it('goes on with the next action when one of the table fails, and logs it', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { api, runner, done } = setUp(() => envelopeResponse({ status: 400, errorCode: 100502, errorMessage: 'Dead.' }), {
      setLoginError: () => {
        throw new Error('storage is full');
      },
    });

    await settle(api.post('/user/magicLink', { body: { email: 'a@example.test' } }));
    await runner.settled();

    expect(done).toEqual(['navigate /app/login']);
    expect(consoleError).toHaveBeenCalledTimes(1);
    consoleError.mockRestore();
  });
});
