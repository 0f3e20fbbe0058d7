import type { components } from '@lender/api-client';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { expiringLocalStorage } from '@lender/api-client/storage';
import { envelopeResponse } from '@lender/api-client/testing';
import type { LoginResult } from '../../lib/auth-session';
import { storageKeys } from '../../lib/storage-keys';
import { answerCalls, callsTo, failure, loginResult, setUpSignInTests, signIn } from '../../test/sign-in-support';
import type { Answer } from '../../test/sign-in-support';
import { applicationPendingAt, stagesPendingFrom } from '../../test/application-info';
import { readDraft } from './draft';

const { fetchMock, renderAt } = setUpSignInTests();

type ApplicationInfo = components['schemas']['ApplicationInfo'];
type RegStage = ApplicationInfo['regStage'];

/** An approved legacy application whose first pending stage is `pending`, changed by `change`. */
function approvedAt(pending: keyof RegStage, change: Partial<ApplicationInfo> = {}): { resultData: ApplicationInfo } {
  return {
    resultData: applicationPendingAt('welcome', {
      status: 'approved',
      approvalStatus: 1,
      decisionId: 'dec_1',
      regStage: stagesPendingFrom(pending),
      ...change,
    }),
  };
}

const withdrawn = {
  resultData: {
    applicationId: 'app_1',
    status: 'withdrawn',
    regStage: 'signature',
    pendingStages: ['signature'],
    additionalOperations: [],
    loanId: '',
  },
};

/** Answers the withdrawal, counting the calls. */
function withdrawal(): Answer {
  return () =>
    new Response(JSON.stringify({ status: 200, errorCode: 0, errorMessage: '', ...withdrawn }), {
      headers: { 'Content-Type': 'application/json' },
    });
}

/** user/startOverApply's answer: the signed-in user, now with the new legacy application app_2 (£5,000 over 24 months). */
function startedOver(): { resultData: Partial<LoginResult> } {
  const user: Partial<LoginResult> = loginResult({
    uuid: 'cus_1',
    applyId: 'app_2',
    onePage: false,
    regStage: 'welcome',
    interestRate: '19.9',
    loanAmountPence: 500_000,
    loanTermMonths: 24,
  });
  delete user.accessToken; // the session goes on: the answer is the user, not a new sign-in
  return { resultData: user };
}

/** The new application, as getApplicationInfo answers it once user/startOverApply has opened it. */
const newApplication = { resultData: applicationPendingAt('welcome', { applicationId: 'app_2' }) };

async function waitForPath(router: { state: { location: { pathname: string } } }, path: string) {
  await waitFor(() => {
    expect(router.state.location.pathname).toBe(path);
  });
}

describe('/change-my-mind', () => {
  it('explains withdrawing, asks on submit, and goes back to the stage on No', async () => {
    signIn();
    answerCalls(fetchMock, { '/accountApplication/getApplicationInfo': approvedAt('signature') });
    const router = renderAt('/change-my-mind');

    expect(await screen.findByText(/You applied for a loan of £5,000\.00 over 24 months\./)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'You can still change your mind' })).toBeInTheDocument();
    expect(screen.getByText(/we will not lend you the money, and you will have nothing to pay/)).toBeInTheDocument();
    expect(screen.getByText(/does\s+not affect your credit score/)).toBeInTheDocument();
    expect(screen.getByText(/you can apply again whenever you like/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/sign');

    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => {
      expect(screen.getByRole('alert', { name: 'There is a problem' })).toHaveFocus();
    });
    expect(screen.getByRole('link', { name: 'Select yes if you want to withdraw your application' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Do you want to withdraw your application?' })).toHaveAccessibleDescription(
      'Error: Select yes if you want to withdraw your application',
    );
    await waitFor(() => {
      expect(document.title).toBe('Error: You can still change your mind – Meadow Loans');
    });

    await userEvent.click(screen.getByLabelText('No'));
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitForPath(router, '/sign');
    expect(callsTo(fetchMock, '/accountApplication/withdrawApplication')).toHaveLength(0);
  });

  it('withdraws on Yes and confirms it, with the way to a new application', async () => {
    signIn();
    answerCalls(fetchMock, {
      '/accountApplication/getApplicationInfo': approvedAt('signature'),
      '/accountApplication/withdrawApplication': withdrawal(),
    });
    const router = renderAt('/change-my-mind');

    await userEvent.click(await screen.findByLabelText('Yes'));
    expect(readDraft().withdrawAnswer).toBe('yes');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Your application has been withdrawn' })).toBeInTheDocument();
    expect(screen.getByText('We will not lend you the money, and you have nothing to pay')).toBeInTheDocument();
    expect(callsTo(fetchMock, '/accountApplication/withdrawApplication')).toHaveLength(1);
    expect(readDraft().withdrawAnswer).toBeUndefined();
    expect(screen.getByRole('button', { name: 'Start a new application' })).toBeEnabled();
    expect(router.state.location.pathname).toBe('/change-my-mind');
  });

  it('starts a new application for the same loan, keeps it as the signed-in one, and goes on where it resumes', async () => {
    signIn();
    expiringLocalStorage.setItem(storageKeys.applyId, 'app_1');
    let started = false;
    answerCalls(fetchMock, {
      '/accountApplication/getApplicationInfo': () =>
        envelopeResponse(started ? newApplication : approvedAt('signature', { status: 'withdrawn' })),
      '/user/startOverApply': () => {
        started = true;
        return envelopeResponse(startedOver());
      },
    });
    const router = renderAt('/change-my-mind');

    // A double click sends one call: the button waits for it.
    await userEvent.dblClick(await screen.findByRole('button', { name: 'Start a new application' }));
    // A legacy application resumes at its welcome, which leads to its quote (spec §4, welcome pending).
    await waitForPath(router, '/start_b');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(callsTo(fetchMock, '/user/startOverApply')).toHaveLength(1);
    expect(expiringLocalStorage.getItem(storageKeys.applyId)).toBe('app_2');
    expect(expiringLocalStorage.getItem(storageKeys.regStage)).toBe('welcome');
    expect(expiringLocalStorage.getItem(storageKeys.loanAmount)).toBe('500000');
    expect(await screen.findByRole('heading', { level: 1, name: 'Your application' })).toBeInTheDocument();
  });

  it('can start a new application again when the call failed, keeping the signed-in application as it was', async () => {
    signIn();
    expiringLocalStorage.setItem(storageKeys.applyId, 'app_1');
    answerCalls(fetchMock, {
      '/accountApplication/getApplicationInfo': approvedAt('signature', { status: 'withdrawn' }),
      '/user/startOverApply': failure(100503, 'The service is temporarily unavailable. Please try again in a moment.'),
    });
    const router = renderAt('/change-my-mind');
    await userEvent.click(await screen.findByRole('button', { name: 'Start a new application' }));
    await waitFor(() => {
      expect(screen.getByRole('button', { name: 'Start a new application' })).toBeEnabled();
    });
    expect(await screen.findByText('The service is temporarily unavailable. Please try again in a moment.')).toBeInTheDocument();
    expect(expiringLocalStorage.getItem(storageKeys.applyId)).toBe('app_1');
    expect(router.state.location.pathname).toBe('/change-my-mind');

    answerCalls(fetchMock, {
      '/accountApplication/getApplicationInfo': newApplication,
      '/user/startOverApply': startedOver(),
    });
    await userEvent.click(screen.getByRole('button', { name: 'Start a new application' }));
    await waitForPath(router, '/start_b');
    expect(callsTo(fetchMock, '/user/startOverApply')).toHaveLength(2);
  });

  it('keeps the answer across a refresh', async () => {
    signIn();
    answerCalls(fetchMock, { '/accountApplication/getApplicationInfo': approvedAt('setPassword') });
    renderAt('/change-my-mind');
    await userEvent.click(await screen.findByLabelText('Yes'));

    // A refresh: the page and its state go, session storage stays.
    cleanup();
    renderAt('/change-my-mind');
    expect(await screen.findByLabelText('Yes')).toBeChecked();
  });

  it('says a refusal in the error summary only (no toast), keeping the answer', async () => {
    signIn();
    const refusal =
      'Your loan has already been opened, so your application can no longer be withdrawn. You can still withdraw from ' +
      'your loan agreement within 14 days of it being made: contact us to do so.';
    answerCalls(fetchMock, {
      '/accountApplication/getApplicationInfo': approvedAt('signature'),
      '/accountApplication/withdrawApplication': failure(100400, refusal),
    });
    renderAt('/change-my-mind');

    await userEvent.click(await screen.findByLabelText('Yes'));
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('link', { name: refusal })).toBeInTheDocument();
    await waitFor(() => {
      expect(screen.getByRole('alert', { name: 'There is a problem' })).toHaveFocus();
    });
    expect(screen.getAllByText(refusal)).toHaveLength(2); // the summary's link and the inline message
    expect(screen.getByRole('group', { name: 'Do you want to withdraw your application?' })).toHaveAccessibleDescription(
      `Error: ${refusal}`,
    );
    expect(screen.getByLabelText('Yes')).toBeChecked();
    expect(screen.getByRole('button', { name: 'Continue' })).toBeEnabled();
  });

  it('shows the confirmation for an application withdrawn already (signing in again lands here)', async () => {
    signIn();
    answerCalls(fetchMock, { '/accountApplication/getApplicationInfo': approvedAt('signature', { status: 'withdrawn' }) });
    renderAt('/change-my-mind');
    expect(await screen.findByRole('heading', { level: 1, name: 'Your application has been withdrawn' })).toBeInTheDocument();
    expect(screen.queryByRole('radio')).toBeNull();
  });

  it('sends an application whose loan is open to its dashboard', async () => {
    signIn();
    answerCalls(fetchMock, {
      '/accountApplication/getApplicationInfo': approvedAt('signature', { status: 'drawn_down', preDispersalStatus: 1 }),
      '/loanAction/loans': { resultData: { loans: [] } },
    });
    const router = renderAt('/change-my-mind');
    await waitForPath(router, '/loanDashboard/main');
  });
});

describe('the way to /change-my-mind', () => {
  it('is offered on the approved screen', async () => {
    signIn();
    answerCalls(fetchMock, { '/accountApplication/getApplicationInfo': approvedAt('setPassword') });
    const router = renderAt('/approved');
    await userEvent.click(await screen.findByRole('link', { name: 'I have changed my mind' }));
    await waitForPath(router, '/change-my-mind');
  });
});
