import { ApiError, createApiClient, decodeTokenExpiry, isApiError, isTokenExpired } from '@lender/api-client';
import type { BodyEnvelope, components } from '@lender/api-client';
import { expiringSessionStorage } from '@lender/api-client/storage';
import { requestActivity } from '../../lib/api';

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

/**
 * The mailbox's own client: the sandbox token, not the borrower's session token, is its accessToken header,
 * and renewed tokens stay in session storage. No error hooks: a failure here is this screen's to show, and
 * must never log a borrower out.
 */
const sandboxClient = createApiClient({
  getAccessToken: readSandboxToken,
  storage: expiringSessionStorage,
  fetch: (request) => globalThis.fetch(request),
  middleware: [requestActivity.middleware],
});

async function signIn(): Promise<void> {
  expiringSessionStorage.removeItem(SANDBOX_TOKEN_KEY);
  const { sandboxToken } = await sandboxClient.post('/sandbox/login');
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

export const sandboxMailbox = {
  search: (address: string) =>
    withSandboxSession(async () => unwrap(await sandboxClient.post('/sandbox/searchEmail', { body: { address } }))).then(
      (result) => result.messages,
    ),
  message: (id: string) =>
    withSandboxSession(async () =>
      unwrap(await sandboxClient.get('/sandbox/email/{id}', { params: { path: { id } } })),
    ),
  personas: () => withSandboxSession(() => sandboxClient.get('/sandbox/personas')),
};
