import { storeAccessToken } from '@lender/api-client';
import { expiringLocalStorage } from '@lender/api-client/storage';
import { envelopeResponse, unsignedToken } from '@lender/api-client/testing';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { logout, saveSignIn } from '../lib/auth-session';
import { storageKeys } from '../lib/storage-keys';
import { paths } from '../lib/paths';
import { rememberPendingAddress } from '../lib/sign-in';
import { applicationPendingAt } from '../test/application-info';
import { answerCalls, callsTo, loginResult, setUpSignInTests } from '../test/sign-in-support';
import { applicationInfoQuery } from './application';
import { consentToCommission } from './approval';
import { priceQuote } from './quote';
import { fetchServerData } from './query-client';
import { keepSessionAlive } from './session';

const { fetchMock, renderAt } = setUpSignInTests();

const INFO = '/accountApplication/getApplicationInfo';
const ALEX = applicationPendingAt('setPassword', {
  applicationId: 'app_alex',
  approvalStatus: 1,
  renderData: { renderApplicantId: 'ra_alex' },
});
const SAM = applicationPendingAt('setPassword', { applicationId: 'app_sam', approvalStatus: 1, renderData: { renderApplicantId: 'ra_sam' } });

/** A session token of the session `sid`, valid for an hour. */
function tokenOf(sid: string): string {
  return unsignedToken({ sid, exp: Math.floor(Date.now() / 1000) + 3600 });
}

/** The application info answers Alex's application first, then Sam's. */
function answerAlexThenSam(extra: Parameters<typeof answerCalls>[1] = {}) {
  let calls = 0;
  answerCalls(fetchMock, { [INFO]: () => envelopeResponse({ resultData: calls++ === 0 ? ALEX : SAM }), ...extra });
}

describe('the cache of what was read', () => {
  it('reads the application once for everything that needs it while nothing changed it', async () => {
    storeAccessToken(tokenOf('s1'));
    answerAlexThenSam({ '/ledger/loanCalcPub': { resultData: {} } });

    await expect(fetchServerData(applicationInfoQuery)).resolves.toEqual(ALEX);
    await priceQuote({ amountPence: 500_000, termMonths: 24 });
    await expect(fetchServerData(applicationInfoQuery)).resolves.toEqual(ALEX);
    expect(callsTo(fetchMock, INFO)).toHaveLength(1);
  });

  it('reads the application again after a call that changes it', async () => {
    storeAccessToken(tokenOf('s1'));
    answerAlexThenSam({ '/application/commissionConsent': { resultData: {} } });

    await fetchServerData(applicationInfoQuery);
    await consentToCommission({ accept: true });
    await expect(fetchServerData(applicationInfoQuery)).resolves.toEqual(SAM);
    expect(callsTo(fetchMock, INFO)).toHaveLength(2);
  });
});

describe('a session change forgets everything read before it', () => {
  it('on log-out', async () => {
    storeAccessToken(tokenOf('alex'));
    answerAlexThenSam({ '/user/logout': { resultData: {} } });
    await fetchServerData(applicationInfoQuery);

    await logout();
    storeAccessToken(tokenOf('sam'));
    await expect(fetchServerData(applicationInfoQuery)).resolves.toEqual(SAM);
  });

  it('on a sign-in, even when the log-out before it never reached the BFF', async () => {
    storeAccessToken(tokenOf('alex'));
    answerAlexThenSam();
    await fetchServerData(applicationInfoQuery);

    saveSignIn(loginResult({ accessToken: tokenOf('sam') }));
    await expect(fetchServerData(applicationInfoQuery)).resolves.toEqual(SAM);
  });

  it('when an answer hands back a token of another session (a proved registration), not on a renewal', async () => {
    storeAccessToken(tokenOf('unproven'));
    let renewed = tokenOf('unproven');
    answerAlexThenSam({
      '/user/keepAlive': () =>
        new Response(JSON.stringify({ status: 200, errorCode: 0, errorMessage: '', resultData: {} }), {
          headers: { 'Content-Type': 'application/json', 'X-Renewed-Access-Token': renewed },
        }),
    });
    await fetchServerData(applicationInfoQuery);

    await keepSessionAlive();
    await expect(fetchServerData(applicationInfoQuery)).resolves.toEqual(ALEX);
    renewed = tokenOf('proven');
    await keepSessionAlive();
    await expect(fetchServerData(applicationInfoQuery)).resolves.toEqual(SAM);
  });
});

describe('the applicationInfo kept in this browser (spec §3)', () => {
  it('is the applicant id of the application last read, and log-out forgets it', async () => {
    storeAccessToken(tokenOf('alex'));
    answerAlexThenSam({ '/user/logout': { resultData: {} } });
    await fetchServerData(applicationInfoQuery);
    expect(expiringLocalStorage.getItem(storageKeys.applicationInfo)).toBe('{"renderData":{"renderApplicantId":"ra_alex"}}');

    await logout();
    expect(expiringLocalStorage.getItem(storageKeys.applicationInfo)).toBeNull();
    storeAccessToken(tokenOf('sam'));
    await fetchServerData(applicationInfoQuery);
    expect(expiringLocalStorage.getItem(storageKeys.applicationInfo)).toBe('{"renderData":{"renderApplicantId":"ra_sam"}}');
  });
});

describe('a typical navigation', () => {
  it('signs in and lands on the approved screen with one read of the application (two before the cache)', async () => {
    rememberPendingAddress({ type: 'EMAIL', param: 'alex@personas.example' });
    answerCalls(fetchMock, {
      '/account/adminLogin': { resultData: loginResult({ applyId: 'app_alex', email: 'alex@personas.example', hasLoan: false }) },
      [INFO]: { resultData: ALEX },
    });
    const router = renderAt('/login/emailCode');
    await userEvent.type(await screen.findByLabelText('Code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Your loan is approved' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(paths.approved);
    expect(callsTo(fetchMock, INFO)).toHaveLength(1);
  });
});
