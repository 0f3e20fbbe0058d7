import { readStoredAccessToken } from '@lender/api-client';
import { expiringLocalStorage, expiringSessionStorage } from '@lender/api-client/storage';
import { harbourCredit, meadowLoans } from '@lender/ui/brands';
import { brandConfigOf } from '@lender/ui/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { keepApplicationAnswers } from '../../lib/application-draft';
import { sessionStorageKeys, storageKeys } from '../../lib/storage-keys';
import { answeredBefore } from '../../test/amount-answers';
import { answerCalls, bodyOf, callsTo, failure, loginResult, setUpSignInTests, signIn } from '../../test/sign-in-support';
import { keepEligibilityResult } from './outcome';
import type { ApplicationDecision, EligibilityResult } from './outcome';
import { heading, summaryMessages } from '../../test/screen-queries';
import { applicationPendingAt, journeyMap, onePageInfo } from '../../test/application-info';
import type { ApplicationInfo } from '../../lib/resume-target';
import { envelopeResponse } from '@lender/api-client/testing';

const { fetchMock, renderAt } = setUpSignInTests();

const QUOTE = {
  amountPence: 450_000,
  termMonths: 60,
  annualRatePercent: '6.7',
  aprPercent: '6.9',
  monthlyInstalmentPence: 8_839,
  finalInstalmentPence: 8_843,
  totalPayablePence: 530_344,
  totalInterestPence: 80_344,
  firstDueDate: '2026-12-22',
  representativeExample: 'Representative example: borrowing £4,500 over 60 months at 6.9% APR.',
};

function result(outcome: EligibilityResult['outcome'], reasons: EligibilityResult['reasons'] = []): EligibilityResult {
  return {
    eligibilityCheckId: 'elig_123',
    outcome,
    reasons,
    ...(outcome === 'declined' ? {} : { quote: QUOTE, offerExpiresAt: '2026-12-22T10:00:00Z' }),
  };
}

function checkButton() {
  return screen.getByRole('button', { name: 'Check my eligibility' });
}

async function consent() {
  await userEvent.click(await screen.findByRole('checkbox', { name: 'I agree to a soft search of my credit file' }));
  await userEvent.click(checkButton());
}

describe('/amount/credit_consent', () => {
  it('needs the box ticked, then sends the answers and opens the account of an approved check', async () => {
    answeredBefore('end');
    keepApplicationAnswers({ purpose: 'other', purposeText: ' A new boiler ' });
    answerCalls(fetchMock, {
      '/eligibility/eligibilitySubmit': { resultData: result('approved') },
      '/user/createDecisionUser': { resultData: loginResult({ email: 'sam.lee@example.com', firstName: 'Sam', hasLoan: false }) },
    });
    const router = renderAt('/amount/credit_consent');
    await heading('Check if you can get a loan');
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/amount/step2');
    await userEvent.click(checkButton());
    const summary = screen.getByRole('alert', { name: 'There is a problem' });
    expect(summary).toHaveFocus();
    const message = 'Select that you agree to a soft credit search to check if you can get a loan';
    expect(within(summary).getByRole('link', { name: message })).toBeInTheDocument();
    expect(screen.getByRole('checkbox')).toHaveAccessibleDescription(`Error: ${message}`);
    expect(callsTo(fetchMock, '/eligibility/eligibilitySubmit')).toHaveLength(0);

    await consent();
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/quote_review_b');
    });
    expect(await bodyOf(fetchMock, '/eligibility/eligibilitySubmit')).toEqual({
      firstName: 'Sam',
      lastName: 'Lee',
      dateOfBirth: '1990-03-07',
      email: 'sam.lee@example.com',
      annualIncomePence: 3_200_000,
      housingStatus: 'renting_private',
      monthlyHousingCostPence: 65_000,
      address: { houseNumber: '12A', street: 'Orchard Close', town: 'Lowmere', county: 'Wessex', postcode: 'LM3 8RD' },
      amountPence: 750_000,
      termMonths: 60,
      purpose: 'other',
      purposeText: 'A new boiler',
    });
    expect(await bodyOf(fetchMock, '/user/createDecisionUser')).toEqual({
      eligibilityCheckId: 'elig_123',
      firstName: 'Sam',
      lastName: 'Lee',
      dateOfBirth: '1990-03-07',
      email: 'sam.lee@example.com',
      purpose: 'other',
      purposeText: 'A new boiler',
      onePage: true,
    });
    expect(readStoredAccessToken()).not.toBeNull();
    expect(expiringLocalStorage.getItem(storageKeys.email)).toBe('sam.lee@example.com');
    expect(JSON.parse(expiringSessionStorage.getItem(sessionStorageKeys.eligibilityResult) ?? '')).toEqual(
      result('approved'),
    );
  });

  it('names the white-label brand when it is active, for a referred check', async () => {
    answeredBefore('end');
    expiringLocalStorage.setItem(storageKeys.whiteLabel, 'harbour');
    answerCalls(fetchMock, {
      '/eligibility/getRebrandParams': { resultData: brandConfigOf(harbourCredit) },
      '/eligibility/eligibilitySubmit': { resultData: result('referred') },
      '/user/createDecisionUser': { resultData: loginResult({ hasLoan: false }) },
    });
    const router = renderAt('/amount/credit_consent');
    await consent();
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/quote_review_b');
    });
    expect(await bodyOf(fetchMock, '/user/createDecisionUser')).toMatchObject({ clientName: 'harbour', purpose: 'car' });
  });

  it('keeps everything on a failed check, so the applicant can try again', async () => {
    answeredBefore('end');
    answerCalls(fetchMock, {
      '/eligibility/eligibilitySubmit': failure(100503, 'The service is temporarily unavailable. Please try again in a moment.'),
    });
    const router = renderAt('/amount/credit_consent');
    await consent();
    await waitFor(() => {
      expect(checkButton()).toBeEnabled();
    });
    expect(router.state.location.pathname).toBe('/amount/credit_consent');
    expect(expiringSessionStorage.getItem(sessionStorageKeys.eligibilityResult)).toBeNull();
    expect(readStoredAccessToken()).toBeNull();

    answerCalls(fetchMock, { '/eligibility/eligibilitySubmit': { resultData: result('declined', []) } });
    await userEvent.click(checkButton());
    await heading('We cannot offer you a loan');
    expect(router.state.location.pathname).toBe('/decline');
  });
});

describe('/decline', () => {
  it('gives the reasons and what to do next, without opening an account', async () => {
    answeredBefore('end');
    answerCalls(fetchMock, {
      '/eligibility/eligibilitySubmit': {
        resultData: result('declined', [
          { code: 'credit_history', text: 'We cannot offer you a loan at the moment, based on your credit file.' },
        ]),
      },
    });
    renderAt('/amount/credit_consent');
    await consent();
    await heading('We cannot offer you a loan');
    expect(within(screen.getByRole('main')).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'We cannot offer you a loan at the moment, based on your credit file.',
    ]);
    expect(screen.getByRole('link', { name: 'MoneyHelper (opens in a new tab)' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^https:\/\/www\.moneyhelper\.org\.uk\//),
    );
    expect(screen.getByText(/leaves no footprint on your credit file/)).toBeInTheDocument();
    expect(callsTo(fetchMock, '/user/createDecisionUser')).toHaveLength(0);
    expect(readStoredAccessToken()).toBeNull();
  });

  it('has nothing to show without a declined outcome', async () => {
    answerCalls(fetchMock, {});
    const router = renderAt('/decline');
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/login/home');
    });
  });
});

describe('/counteroffer', () => {
  it('shows the lower offer, and accepting it opens the account of the check', async () => {
    answeredBefore('end');
    answerCalls(fetchMock, {
      '/eligibility/eligibilitySubmit': { resultData: result('counteroffer') },
      '/user/createDecisionUser': { resultData: loginResult({ hasLoan: false }) },
      '/eligibility/getRebrandParams': {
        resultData: brandConfigOf(meadowLoans, { counterofferEmail: 'offers@meadow-loans.example' }),
      },
    });
    const router = renderAt('/amount/credit_consent');
    await consent();
    await heading('We can offer you a smaller loan');
    expect(router.state.location.pathname).toBe('/counteroffer');
    expect(screen.getByText('We cannot lend you £7,500, but we can offer you this loan.')).toBeInTheDocument();
    const figures = screen.getAllByRole('term').map((term) => [term.textContent, term.nextElementSibling?.textContent]);
    expect(figures).toEqual([
      ['Amount', '£4,500'],
      ['Term', '60 months'],
      ['Monthly instalment', '£88.39'],
      ['Representative APR', '6.9%'],
      ['Total payable', '£5,303.44'],
    ]);
    expect(screen.getByText('This offer stands until 22nd Dec 2026.')).toBeInTheDocument();
    // Where to ask about it: the brand's counteroffer mailbox.
    expect(await screen.findByRole('link', { name: 'offers@meadow-loans.example' })).toHaveAttribute(
      'href',
      'mailto:offers@meadow-loans.example',
    );
    expect(screen.getByRole('link', { name: 'No thanks' })).toHaveAttribute('href', '/login/home');
    expect(callsTo(fetchMock, '/user/createDecisionUser')).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Accept this offer' }));
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/quote_review_b');
    });
    expect(await bodyOf(fetchMock, '/user/createDecisionUser')).toMatchObject({ eligibilityCheckId: 'elig_123' });
    expect(readStoredAccessToken()).not.toBeNull();
  });
});

// After submission: the applicant is signed in with an application, and its decision is what counts.

const APPLICATION_INFO = '/accountApplication/getApplicationInfo';
const ONE_PAGE_INFO = '/onePage/application/getOnePageApplicationInfo';
const COUNTEROFFER_RESPONSE = '/accountApplication/counterofferResponse';

/** Signed in with an application, as a registration or a sign-in keeps it (spec §3). */
function signInWithApplication() {
  signIn();
  expiringLocalStorage.setItem(storageKeys.applyId, 'app_1');
}

const DECLINE_REASON = { code: 'credit_history', text: "We can't offer you a loan at the moment, based on your credit file." };

/** The one-page application, submitted and decided with `decision`; every stage after approval pending. */
function decided(decision: ApplicationDecision, change: Partial<ApplicationInfo> = {}): ApplicationInfo {
  const approvalStatus = { declined: 0, counteroffer: 2, approved: 1, referred: 9 }[decision.outcome] as ApplicationInfo['approvalStatus'];
  return applicationPendingAt('setPassword', {
    status: decision.outcome === 'referred' ? 'referred' : decision.outcome,
    approvalStatus,
    preDispersalStatus: decision.outcome === 'declined' ? 0 : 9,
    onePage: true,
    decisionId: 'dec_1',
    decision,
    ...change,
  });
}

const OFFER = { ...QUOTE, amountPence: 300_000, termMonths: 24, monthlyInstalmentPence: 15_180, finalInstalmentPence: 15_186, totalPayablePence: 364_326 };
const countered = decided({ outcome: 'counteroffer', reasons: [], counteroffer: OFFER });
const withdrawn = decided(
  { outcome: 'counteroffer', reasons: [], counteroffer: OFFER, counterofferResponse: 'declined' },
  { status: 'withdrawn' },
);
const acceptedOffer = decided(
  { outcome: 'counteroffer', reasons: [], counteroffer: OFFER, counterofferResponse: 'accepted' },
  { status: 'approved', approvalStatus: 1 },
);
const SUBMITTED_JOURNEY = {
  aboutYou: { emailVerification: true, loanPurposeConfirm: true, rentConfirm: true, addressUpdate: true, incomeConfirm: true, obSkip: true },
  yourLoan: { loanValueConfirm: true },
  verifyIncome: { openBanking: false, isFinished: true },
  submission: { isFinished: true },
};
const progress = (status: string) => ({
  resultData: { applicationId: 'app_1', status, regStage: '', pendingStages: [], additionalOperations: [], loanId: '' },
});

describe('/decline after submission', () => {
  it("gives the reasons of the application's decision, not a check kept in the tab", async () => {
    keepEligibilityResult(result('counteroffer'));
    signInWithApplication();
    answerCalls(fetchMock, { [APPLICATION_INFO]: { resultData: decided({ outcome: 'declined', reasons: [DECLINE_REASON] }) } });
    renderAt('/decline');
    await heading('We cannot offer you a loan');
    expect(within(screen.getByRole('main')).getAllByRole('listitem').map((item) => item.textContent)).toEqual([DECLINE_REASON.text]);
    expect(screen.getByText('We have closed your application. We have not lent you anything, and you have nothing to pay.')).toBeInTheDocument();
    expect(screen.queryByText(/soft search/)).toBeNull();
  });

  it('says when the decision could not be read, and reads it again', async () => {
    signInWithApplication();
    answerCalls(fetchMock, { [APPLICATION_INFO]: failure(100503, 'The service is temporarily unavailable.') });
    renderAt('/decline');
    await heading('Our decision');
    expect(await screen.findByText('We could not get our decision.')).toBeInTheDocument();

    answerCalls(fetchMock, { [APPLICATION_INFO]: { resultData: decided({ outcome: 'declined', reasons: [DECLINE_REASON] }) } });
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await heading('We cannot offer you a loan');
    expect(within(screen.getByRole('main')).getByRole('listitem')).toHaveTextContent(DECLINE_REASON.text);
  });

  it('moves an application decided otherwise on to where it resumes', async () => {
    signInWithApplication();
    const approved = decided({ outcome: 'approved', reasons: [] }, { onePage: false });
    answerCalls(fetchMock, { [APPLICATION_INFO]: { resultData: approved } });
    const router = renderAt('/decline');
    await heading('Your loan is approved');
    expect(router.state.location.pathname).toBe('/approved');
    expect(router.state.historyAction).toBe('REPLACE');
  });
});

describe('/counteroffer after submission', () => {
  /** The application countered until the applicant answers (accountApplication/counterofferResponse); then as the answer made it. */
  function answerCountered() {
    let accept: boolean | undefined;
    answerCalls(fetchMock, {
      [APPLICATION_INFO]: () =>
        envelopeResponse({ resultData: accept === undefined ? countered : accept ? acceptedOffer : withdrawn }),
      [ONE_PAGE_INFO]: { resultData: { journeyMap: SUBMITTED_JOURNEY } },
      [COUNTEROFFER_RESPONSE]: async (request) => {
        accept = ((await request.clone().json()) as { accept: boolean }).accept;
        return envelopeResponse(progress(accept ? 'approved' : 'withdrawn'));
      },
    });
  }

  it('shows the offer, asks for an answer, and accepting it continues to the stages after approval', async () => {
    signInWithApplication();
    answerCountered();
    const router = renderAt('/counteroffer');
    await heading('We can offer you a smaller loan');
    expect(screen.getByText('We cannot lend you £5,000, but we can offer you this loan.')).toBeInTheDocument();
    const figures = screen.getAllByRole('term').map((term) => [term.textContent, term.nextElementSibling?.textContent]);
    expect(figures).toEqual([
      ['Amount', '£3,000.00'],
      ['Term', '24 months'],
      ['Monthly instalment', '£151.80'],
      ['Final instalment', '£151.86'],
      ['Total payable', '£3,643.26'],
      ['APR', '6.9% APR'],
    ]);

    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(summaryMessages()).toEqual(['Select yes if you want to take this loan']);
    expect(screen.getByRole('group', { name: 'Do you want to take this loan?' })).toHaveAccessibleDescription(
      'If you do not, we will close your application. Error: Select yes if you want to take this loan',
    );
    await waitFor(() => {
      expect(document.title).toBe('Error: We can offer you a smaller loan – Meadow Loans');
    });
    expect(callsTo(fetchMock, COUNTEROFFER_RESPONSE)).toHaveLength(0);

    // A double click sends the answer once.
    await userEvent.click(screen.getByRole('radio', { name: 'Yes, I want this loan' }));
    await userEvent.dblClick(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/approved');
    });
    expect(router.state.historyAction).toBe('REPLACE');
    expect(callsTo(fetchMock, COUNTEROFFER_RESPONSE)).toHaveLength(1);
    expect(await bodyOf(fetchMock, COUNTEROFFER_RESPONSE)).toEqual({ accept: true });
    await heading('Your loan is approved');
  });

  it('declining says plainly that the application is closed, and offers a new application', async () => {
    signInWithApplication();
    answerCountered();
    renderAt('/counteroffer');
    await heading('We can offer you a smaller loan');
    await userEvent.click(screen.getByRole('radio', { name: 'No, close my application' }));
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await heading('Your application is closed');
    expect(await bodyOf(fetchMock, COUNTEROFFER_RESPONSE)).toEqual({ accept: false });
    expect(screen.getByText('You chose not to take the smaller loan we offered, so we have withdrawn your application.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Start a new application' })).toBeEnabled();
    expect(screen.queryByRole('link', { name: /quote/ })).toBeNull();
  });

  it('starts a new one-page application for the loan asked for, and goes on to its quote', async () => {
    signInWithApplication();
    // The new application: one-page as the closed one was, nothing done yet, the £5,000 asked for.
    const fresh = applicationPendingAt('welcome', { applicationId: 'app_2', onePage: true });
    const freshJourney = onePageInfo((value) => {
      value.applicationId = 'app_2';
      value.journeyMap = journeyMap();
    });
    let started = false;
    answerCalls(fetchMock, {
      [APPLICATION_INFO]: () => envelopeResponse({ resultData: started ? fresh : withdrawn }),
      [ONE_PAGE_INFO]: { resultData: freshJourney },
      '/user/startOverApply': () => {
        started = true;
        // The signed-in user with the new application (no accessToken: the session goes on).
        const user = loginResult({ uuid: 'cus_1', applyId: 'app_2', regStage: 'welcome', loanAmountPence: 500_000, hasLoan: false });
        return envelopeResponse({ resultData: { ...user, accessToken: undefined } });
      },
    });
    const router = renderAt('/counteroffer');
    await heading('Your application is closed');
    await userEvent.click(screen.getByRole('button', { name: 'Start a new application' }));

    await heading('Confirm your loan');
    expect(router.state.location.pathname).toBe('/quote_review_b');
    expect(callsTo(fetchMock, '/user/startOverApply')).toHaveLength(1);
    expect(expiringLocalStorage.getItem(storageKeys.applyId)).toBe('app_2');
    expect(expiringLocalStorage.getItem(storageKeys.loanAmount)).toBe('500000');
    expect(screen.getByRole('button', { name: 'Change the amount or term' })).toBeInTheDocument();
  });

  it('says why a new application cannot be started, and lets the applicant try again', async () => {
    signInWithApplication();
    const refusal = 'This application can no longer be started over.';
    answerCalls(fetchMock, { [APPLICATION_INFO]: { resultData: withdrawn }, '/user/startOverApply': failure(100400, refusal) });
    const router = renderAt('/counteroffer');
    await heading('Your application is closed');
    await userEvent.click(screen.getByRole('button', { name: 'Start a new application' }));
    expect(await screen.findByText(refusal)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Start a new application' })).toBeEnabled();
    expect(router.state.location.pathname).toBe('/counteroffer');
    expect(expiringLocalStorage.getItem(storageKeys.applyId)).toBe('app_1');
  });

  it('keeps the answer when sending it fails, so it can be sent again', async () => {
    signInWithApplication();
    answerCalls(fetchMock, {
      [APPLICATION_INFO]: { resultData: countered },
      [COUNTEROFFER_RESPONSE]: failure(100503, 'The service is temporarily unavailable. Please try again in a moment.'),
    });
    renderAt('/counteroffer');
    await heading('We can offer you a smaller loan');
    await userEvent.click(screen.getByRole('radio', { name: 'No, close my application' }));
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => {
      expect(screen.getByRole('button', { name: 'Continue' })).toBeEnabled();
    });
    expect(callsTo(fetchMock, COUNTEROFFER_RESPONSE)).toHaveLength(1);
    expect(screen.getByRole('radio', { name: 'No, close my application' })).toBeChecked();

    answerCalls(fetchMock, { [APPLICATION_INFO]: { resultData: countered }, [COUNTEROFFER_RESPONSE]: progress('withdrawn') });
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await heading('Your application is closed');
  });

  it('says an application whose offer was declined is closed, when opened again', async () => {
    signInWithApplication();
    answerCalls(fetchMock, { [APPLICATION_INFO]: { resultData: withdrawn } });
    renderAt('/counteroffer');
    await heading('Your application is closed');
    expect(callsTo(fetchMock, COUNTEROFFER_RESPONSE)).toHaveLength(0);
  });

  it('moves an application whose offer was taken on to where it resumes', async () => {
    signInWithApplication();
    answerCalls(fetchMock, {
      [APPLICATION_INFO]: { resultData: acceptedOffer },
      [ONE_PAGE_INFO]: { resultData: { journeyMap: SUBMITTED_JOURNEY } },
    });
    const router = renderAt('/counteroffer');
    await heading('Your loan is approved');
    expect(router.state.location.pathname).toBe('/approved');
    expect(callsTo(fetchMock, COUNTEROFFER_RESPONSE)).toHaveLength(0);
  });
});
