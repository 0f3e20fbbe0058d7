// Helpers for the screens' tests only (imported from *.test.tsx files, never from app code): each test's clean
// start, and the answers of the BFF the sign-in journeys need.
import { storeAccessToken } from '@lender/api-client';
import type { components } from '@lender/api-client';
import { envelopeResponse, unsignedToken } from '@lender/api-client/testing';
import type { EnvelopeAnswer } from '@lender/api-client/testing';
import { meadowLoans } from '@lender/ui/brands';
import { brandConfigOf, setUpAppTests } from '@lender/ui/testing';
import type { AppTests } from '@lender/ui/testing';
import { createElement, StrictMode } from 'react';
import type { ComponentType, ReactNode } from 'react';
import { beforeEach, vi } from 'vitest';
import type { Mock } from 'vitest';
import { AppProviders } from '../app/providers';
import { discoverRoutes } from '../app/route-groups';
import { routes } from '../app/routes';
import { useBrandStore } from '../lib/brand-store';
import { useStaffMode } from '../lib/staff-mode';
import { loanProduct } from './loan-product';

/** The app's providers under StrictMode, as main.tsx mounts them: every screen mounts twice in development. */
export function StrictProviders({ children }: { children: ReactNode }) {
  return createElement(StrictMode, null, createElement(AppProviders, null, children));
}

/**
 * Sets up a sign-in screens' test file: call it once at the top. On top of the app's route tests (a fresh fetch
 * mock and brand store), each test starts signed out with empty storage and staff mode read again from it, and
 * scrollTo (which jsdom does not implement) does nothing.
 */
export function setUpSignInTests(Providers: ComponentType<{ children: ReactNode }> = AppProviders): AppTests {
  const tests = setUpAppTests({ routes, discoverRoutes, Providers, brandStore: useBrandStore });
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
    useStaffMode.getState().sync();
    vi.stubGlobal('scrollTo', vi.fn());
  });
  return tests;
}

/** A session token as the BFF issues it, valid for an hour. */
function sessionToken(): string {
  return unsignedToken({ exp: Math.floor(Date.now() / 1000) + 3600 });
}

/** Signs in as the BFF's answer would: a session token valid for an hour in storage. */
export function signIn(): void {
  storeAccessToken(sessionToken());
}

export type Answer = EnvelopeAnswer | ((request: Request) => Promise<Response> | Response);
type FetchMock = Mock<(request: Request) => Promise<Response>>;

/**
 * What every screen asks in passing: the service status, the brand, whether the sandbox is on; and what the first
 * screen (/login/home), where many journeys start, shows: the loan product.
 */
export const backgroundAnswers: Record<string, Answer> = {
  '/application/getServiceDisable': { resultData: { disabled: false } },
  '/eligibility/getRebrandParams': { resultData: brandConfigOf(meadowLoans) },
  '/sandbox/info': { resultData: { enabled: false } },
  '/ledger/loanProduct': { resultData: loanProduct },
};

/** Answers the app's calls by path (under /api/v2/lender); a call nobody expected fails the test. */
export function answerCalls(fetchMock: FetchMock, byPath: Record<string, Answer>): void {
  const answers = { ...backgroundAnswers, ...byPath };
  fetchMock.mockImplementation((request) => {
    const path = new URL(request.url).pathname.replace('/api/v2/lender', '');
    const given = answers[path];
    if (given === undefined) return Promise.reject(new Error(`unexpected call to ${path}`));
    return Promise.resolve(typeof given === 'function' ? given(request) : envelopeResponse(given));
  });
}

/** The requests the app made to a path (under /api/v2/lender). */
export function callsTo(fetchMock: FetchMock, path: string): Request[] {
  return fetchMock.mock.calls
    .map(([request]) => request)
    .filter((request) => new URL(request.url).pathname === `/api/v2/lender${path}`);
}

/** The JSON body of the nth request to a path. */
export async function bodyOf(fetchMock: FetchMock, path: string, index = 0): Promise<unknown> {
  const request = callsTo(fetchMock, path)[index];
  if (request === undefined) throw new Error(`no call ${index} to ${path}`);
  return (await request.clone().json()) as unknown;
}

type LoginResult = components['schemas']['LoginResult'];

/** A successful sign-in as the BFF answers it, with a session token valid for an hour. */
export function loginResult(overrides: Partial<LoginResult> = {}): LoginResult {
  return {
    accessToken: sessionToken(),
    uuid: 'cus_up_to_date',
    email: 'up-to-date@personas.example',
    firstName: 'Alex',
    lastName: 'Morgan',
    applyId: '',
    abChoice: { welcome: 'a', emailConf: 'a' },
    regStage: '',
    interestRate: '',
    loanAmountPence: 0,
    loanTermMonths: 0,
    onePage: true,
    pinSet: true,
    pinLocked: false,
    hasLoan: true,
    staffActing: false,
    ...overrides,
  };
}

/** A failing envelope with a code of the catalogue (docs/api-errors.md). */
export function failure(errorCode: number, errorMessage: string): EnvelopeAnswer {
  return { status: 400, errorCode, errorMessage };
}
