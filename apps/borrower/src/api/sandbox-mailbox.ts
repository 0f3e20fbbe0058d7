import { ApiError, createApiClient, decodeTokenExpiry, isApiError, isTokenExpired } from '@lender/api-client';
import type { ApiClient, BodyEnvelope, components } from '@lender/api-client';
import { expiringSessionStorage } from '@lender/api-client/storage';
import { queryOptions } from '@tanstack/react-query';
import { requestActivity } from '../lib/api';
import { fetchSandboxInfo } from './sandbox';
import { REFERENCE } from './scopes';

/**
 * The contract's `sandbox` area, its mailbox and personas (profiles dev and sandbox only): the /email-box screen's
 * calls, with a client of their own, and the switch it is offered by, read once.
 */

export const sandboxInfoQuery = queryOptions({
  queryKey: [REFERENCE, 'sandbox', 'info'] as const,
  queryFn: ({ signal }) => fetchSandboxInfo(signal),
});

export type MessageSummary = components['schemas']['SandboxMessageSummary'];
export type Message = components['schemas']['SandboxMessage'];
export type Personas = components['schemas']['SandboxPersonasEnvelope']['resultData'];

/** Spec §3, §6: the sandbox user's token lives in session storage (this tab only). */
export const SANDBOX_TOKEN_KEY = 'sandboxToken';

/** The stored sandbox token, unless it has expired (then it is forgotten, and a new one is asked for). */
function readSandboxToken(): string | null {
  const token = expiringSessionStorage.getItem(SANDBOX_TOKEN_KEY);
  if (token !== null && isTokenExpired(token, Date.now())) {
    expiringSessionStorage.removeItem(SANDBOX_TOKEN_KEY);
    return null;
  }
  return token;
}

let mailboxClient: ApiClient | undefined;

/**
 * The mailbox's own client, made on first use: the sandbox token, not the borrower's session token, is its
 * accessToken header, and renewed tokens stay in session storage. No error hooks: a failure here is the mailbox
 * screen's to show, and must never log a borrower out.
 */
function sandboxClient(): ApiClient {
  mailboxClient ??= createApiClient({
    getAccessToken: readSandboxToken,
    storage: expiringSessionStorage,
    fetch: (request) => globalThis.fetch(request),
    middleware: [requestActivity.middleware],
  });
  return mailboxClient;
}

async function signIn(): Promise<void> {
  expiringSessionStorage.removeItem(SANDBOX_TOKEN_KEY);
  const { sandboxToken } = await sandboxClient().post('/sandbox/login');
  const exp = decodeTokenExpiry(sandboxToken);
  const seconds = exp === undefined ? 0 : Math.max(1, Math.floor(exp - Date.now() / 1000));
  expiringSessionStorage.setItem(SANDBOX_TOKEN_KEY, sandboxToken, seconds);
}

/**
 * The sandbox e-mail calls resolve with their whole envelope even when it fails (spec §8): here a failing one
 * becomes an ApiError again, for the screen to show and for the 401 retry below.
 */
function unwrap<D>(body: BodyEnvelope<D>): D {
  if (body.status === 200 && body.errorCode === 0 && body.resultData !== undefined) return body.resultData;
  throw new ApiError({ ...body, httpStatus: body.status });
}

/** Runs a sandbox call with a sandbox session: signs in first when there is none, and once more on a 401. */
async function withSandboxSession<T>(call: () => Promise<T>): Promise<T> {
  if (readSandboxToken() === null) await signIn();
  try {
    return await call();
  } catch (error) {
    if (!isApiError(error) || (error.httpStatus !== 401 && error.status !== 401)) throw error;
    await signIn();
    return call();
  }
}

/** The mailbox's calls: what it caught is searched and read as the person asks, never cached. */
export const sandboxMailbox = {
  search: (address: string) =>
    withSandboxSession(async () => unwrap(await sandboxClient().post('/sandbox/searchEmail', { body: { address } }))).then(
      (result) => result.messages,
    ),
  message: (id: string) =>
    withSandboxSession(async () =>
      unwrap(await sandboxClient().get('/sandbox/email/{id}', { params: { path: { id } } })),
    ),
  personas: () => withSandboxSession(() => sandboxClient().get('/sandbox/personas')),
};
