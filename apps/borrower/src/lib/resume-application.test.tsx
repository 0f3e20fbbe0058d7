import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { paths } from './paths';
import { applicationPendingAt, journeyMap } from '../test/application-info';
import { answerCalls, callsTo, failure, loginResult, setUpSignInTests, signIn } from '../test/sign-in-support';
import { fetchResumeTarget } from './resume-application';
import { rememberPendingAddress } from './sign-in';

const { fetchMock, renderAt } = setUpSignInTests();


const INFO = '/accountApplication/getApplicationInfo';
const ONE_PAGE_INFO = '/onePage/application/getOnePageApplicationInfo';

/** Types a code on /login/emailCode; the BFF answers the sign-in with `result`. */
async function signInWithCode(result: ReturnType<typeof loginResult>, answers: Parameters<typeof answerCalls>[1] = {}) {
  rememberPendingAddress({ type: 'EMAIL', param: result.email });
  answerCalls(fetchMock, { '/account/adminLogin': { resultData: result }, ...answers });
  const router = renderAt('/login/emailCode');
  await userEvent.type(await screen.findByLabelText('Code'), '123456');
  await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
  return router;
}

describe('landing after a sign-in', () => {
  it('takes an applicant with an application to where it resumes, in place of the sign-in screen', async () => {
    const router = await signInWithCode(loginResult({ applyId: 'app_1', pinSet: false, hasLoan: false }), {
      [INFO]: { resultData: applicationPendingAt('openBanking') },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Connect your bank' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(paths.legacy.connectAccounts);
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('leads someone with neither an application nor a loan to choose a PIN, without asking for an application', async () => {
    const router = await signInWithCode(loginResult({ applyId: '', pinSet: false, hasLoan: false }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Choose a PIN' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(paths.login.setPin);
    expect(callsTo(fetchMock, INFO)).toHaveLength(0);
  });

  it('goes to the signed-in home, not a guessed stage, when the application cannot be read', async () => {
    const router = await signInWithCode(loginResult({ applyId: 'app_1', pinSet: true, hasLoan: false }), {
      [INFO]: failure(100404, 'You have no application with us yet.'),
    });
    await waitFor(() => {
      expect(router.state.location.pathname).toBe(paths.login.home);
    });
    expect(callsTo(fetchMock, INFO)).toHaveLength(1);
  });
});

describe('fetchResumeTarget', () => {
  it('answers the legacy resume target of the application', async () => {
    signIn();
    answerCalls(fetchMock, { [INFO]: { resultData: applicationPendingAt('openBanking') } });
    await expect(fetchResumeTarget()).resolves.toBe(paths.legacy.connectAccounts);
    expect(callsTo(fetchMock, ONE_PAGE_INFO)).toHaveLength(0);
  });

  it('answers the dashboard for a drawn-down loan', async () => {
    signIn();
    answerCalls(fetchMock, { [INFO]: { resultData: applicationPendingAt('additionalOps', { preDispersalStatus: 1 }) } });
    await expect(fetchResumeTarget()).resolves.toBe(paths.legacy.loanDashboardMain);
  });

  it('reads the journeyMap of a one-page application and answers its step', async () => {
    signIn();
    const map = journeyMap((flags) => {
      flags.aboutYou.emailVerification = true;
      flags.aboutYou.loanPurposeConfirm = true;
      flags.yourLoan.loanValueConfirm = true;
    });
    answerCalls(fetchMock, {
      [INFO]: { resultData: applicationPendingAt('rentInfo', { onePage: true }) },
      [ONE_PAGE_INFO]: { resultData: { journeyMap: map } },
    });
    await expect(fetchResumeTarget()).resolves.toBe(paths.onePage.housingInfo);
  });

  it('rejects when the application cannot be read', async () => {
    signIn();
    answerCalls(fetchMock, { [INFO]: failure(100404, 'You have no application with us yet.') });
    await expect(fetchResumeTarget()).rejects.toThrow();
  });
});
