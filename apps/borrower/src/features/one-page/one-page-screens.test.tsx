import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { components } from '@lender/api-client';
import { envelopeResponse } from '@lender/api-client/testing';
import { answerCalls, bodyOf, callsTo, failure, setUpSignInTests, signIn } from '../../test/sign-in-support';
import { forgetStepOnScreen } from './journey-state';
import { keepOnePageAnswers } from './answers-draft';
import { ONE_PAGE_STEPS } from '../../lib/one-page-journey';
import { expiringLocalStorage } from '@lender/api-client/storage';
import { storageKeys } from '../../lib/storage-keys';
import { applicationPendingAt, onePageInfo } from '../../test/application-info';
import { keepApplicationAnswers } from '../../lib/application-draft';
import { ORCHARD_CLOSE, yearsAgo } from '../../test/amount-answers';

const { fetchMock, renderAt } = setUpSignInTests();

type Info = components['schemas']['OnePageApplicationInfo'];

const info = onePageInfo;

const INFO_PATH = '/onePage/application/getOnePageApplicationInfo';

beforeEach(() => {
  forgetStepOnScreen();
  signIn();
});

function summary() {
  return screen.getByRole('alert', { name: 'There is a problem' });
}

const housingOptions = {
  resultData: {
    livingSituations: [
      { code: 'homeowner_outright', label: 'Homeowner without a mortgage', asksCost: false },
      { code: 'renting_private', label: 'Renting from a private landlord', asksCost: true },
    ],
    payMethods: [{ code: 'standing_order', label: 'Standing order' }],
  },
};

describe('the guard', () => {
  it('redirects a typed later step to the first incomplete one and stores the required steps', async () => {
    answerCalls(fetchMock, { [INFO_PATH]: { resultData: info() } });
    const router = renderAt('/loan/income');
    expect(await screen.findByRole('heading', { level: 1, name: 'What is the loan for?' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/loan/purpose');
    expect(JSON.parse(localStorage.getItem('onePageSteps') ?? '[]')).toHaveLength(9);
  });

  it('shows the progress of the step: purpose is step 2 of 7', async () => {
    answerCalls(fetchMock, { [INFO_PATH]: { resultData: info() } });
    renderAt('/loan/purpose');
    const progress = await screen.findByRole('progressbar', { name: 'Your application' });
    expect(progress).toHaveAttribute('aria-valuetext', 'Step 2 of 7, 29% complete');
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/loan/confirm-email');
  });

  it('numbers a step the same after signing in again, when the required steps are computed anew', async () => {
    const atAddress = info((v) => {
      v.journeyMap.aboutYou.loanPurposeConfirm = true;
      v.journeyMap.aboutYou.rentConfirm = true;
    });
    answerCalls(fetchMock, { [INFO_PATH]: { resultData: atAddress } });
    // The list kept in this tab since the quote, when every step was still required.
    keepOnePageAnswers({ applicationId: 'app_1' });
    localStorage.setItem('onePageSteps', JSON.stringify(ONE_PAGE_STEPS));
    renderAt('/loan/verify-address');
    const progress = await screen.findByRole('progressbar', { name: 'Your application' });
    expect(JSON.parse(localStorage.getItem('onePageSteps') ?? '[]')).toEqual(ONE_PAGE_STEPS);
    expect(progress).toHaveAttribute('aria-valuetext', 'Step 4 of 7, 57% complete');

    // Signing in again clears local storage: the list is computed anew, without the purpose and the housing.
    cleanup();
    forgetStepOnScreen();
    localStorage.clear();
    signIn();
    renderAt('/loan/verify-address');
    const again = await screen.findByRole('progressbar', { name: 'Your application' });
    expect(JSON.parse(localStorage.getItem('onePageSteps') ?? '[]')).not.toContain('LoanPurpose');
    expect(again).toHaveAttribute('aria-valuetext', 'Step 4 of 7, 57% complete');
  });

  it('offers to try again when the application cannot be read', async () => {
    answerCalls(fetchMock, { [INFO_PATH]: failure(100500, 'Something went wrong') });
    renderAt('/loan/purpose');
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

describe('/loan/purpose', () => {
  it('asks for a purpose, and for words when it is something else, then sends it and moves on', async () => {
    // The BFF's answers follow the step: once the purpose is recorded, the journeyMap says so.
    let current = info();
    answerCalls(fetchMock, {
      [INFO_PATH]: () => envelopeResponse({ resultData: current }),
      '/onePage/user/updateLoanPurpose': () => {
        current = info((v) => (v.journeyMap.aboutYou.loanPurposeConfirm = true));
        return envelopeResponse({ resultData: current });
      },
      '/onePage/application/fetchPayMethodsAndLivingSituations': housingOptions,
    });
    const router = renderAt('/loan/purpose');
    await userEvent.click(await screen.findByRole('button', { name: 'Continue' }));
    expect(summary()).toHaveFocus();
    expect(within(summary()).getByRole('link', { name: 'Select what the loan is for' })).toHaveAttribute('href', '#purpose');

    await userEvent.click(screen.getByLabelText('Something else'));
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(within(summary()).getByRole('link', { name: 'Enter what the loan is for' })).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('Tell us what the loan is for'), 'A new boiler');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/loan/housing-info');
    });
    expect(await bodyOf(fetchMock, '/onePage/user/updateLoanPurpose')).toEqual({ purpose: 'other', purposeText: 'A new boiler' });
  });

  it('keeps the answer through a refresh', async () => {
    answerCalls(fetchMock, { [INFO_PATH]: { resultData: info() } });
    renderAt('/loan/purpose');
    await userEvent.click(await screen.findByLabelText('A holiday'));
    // A refresh: a new page, the step on screen forgotten, session storage kept.
    cleanup();
    forgetStepOnScreen();
    renderAt('/loan/purpose');
    expect(await screen.findByLabelText('A holiday')).toBeChecked();
  });
});

describe('answers kept in this browser', () => {
  it('are dropped when they belong to another application', async () => {
    localStorage.setItem('onePageAnswers', JSON.stringify({ applicationId: 'app_someone_else', purpose: 'holiday' }));
    answerCalls(fetchMock, { [INFO_PATH]: { resultData: info() } });
    renderAt('/loan/purpose');
    expect(await screen.findByLabelText('A holiday')).not.toBeChecked();
    expect(JSON.parse(expiringLocalStorage.getItem('onePageAnswers') ?? '{}')).toEqual({ applicationId: 'app_1' });
  });
});

describe('answers given on the /amount steps, read in a new tab', () => {
  // The e-mail confirmation link opens in a new tab (as mail apps do): its own session storage, the same local
  // storage. Nothing answered before it is asked again unfilled.
  function openInNewTab() {
    sessionStorage.clear();
  }

  it('shows back every address, a previous one picked by its house name from the postcode list included', async () => {
    keepApplicationAnswers({
      addresses: [
        { ...ORCHARD_CLOSE, movedInMonth: '4', movedInYear: yearsAgo(1) },
        {
          ...ORCHARD_CLOSE,
          gazetteerId: 'hb1-2wx-gull',
          houseName: 'Gull Cottage',
          houseNumber: '',
          street: 'Harbour Row',
          town: 'Saltharbour',
          postcode: 'HB1 2WX',
          label: 'Gull Cottage, Harbour Row, Saltharbour, HB1 2WX',
          movedInMonth: '1',
          movedInYear: yearsAgo(6),
        },
      ],
    });
    openInNewTab();
    const addressInfo = info((v) => {
      v.journeyMap.aboutYou.loanPurposeConfirm = true;
      v.journeyMap.aboutYou.rentConfirm = true;
    });
    answerCalls(fetchMock, {
      [INFO_PATH]: { resultData: addressInfo },
      '/onePage/user/updateAddressHistory': { resultData: addressInfo },
    });
    renderAt('/loan/verify-address');
    const previous = await screen.findByRole('region', { name: 'Previous address 1' });
    expect(within(previous).getByLabelText('House number or name')).toHaveValue('Gull Cottage');
    expect(within(previous).getByLabelText('Street')).toHaveValue('Harbour Row');
    const current = screen.getByRole('region', { name: 'Your current address' });
    expect(within(current).getByLabelText('House number or name')).toHaveValue('12A');

    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => {
      expect(callsTo(fetchMock, '/onePage/user/updateAddressHistory')).toHaveLength(1);
    });
    expect(await bodyOf(fetchMock, '/onePage/user/updateAddressHistory')).toEqual({
      addresses: [
        { gazetteerId: 'lm3-8rd-12a', movedIn: `${yearsAgo(1)}-04` },
        { gazetteerId: 'hb1-2wx-gull', movedIn: `${yearsAgo(6)}-01` },
      ],
    });
  });

  it('fills the income step with the income and employment answered before', async () => {
    keepApplicationAnswers({ income: '32,000', employment: 'employed_full_time' });
    openInNewTab();
    const incomeInfo = info((v) => {
      v.journeyMap.aboutYou.loanPurposeConfirm = true;
      v.journeyMap.aboutYou.rentConfirm = true;
      v.journeyMap.aboutYou.addressUpdate = true;
    });
    answerCalls(fetchMock, {
      [INFO_PATH]: { resultData: incomeInfo },
      '/onePage/application/getCreditAssessmentQuestionsMetadata': { resultData: { questions: [] } },
    });
    renderAt('/loan/income');
    expect(await screen.findByLabelText('What is your yearly income before tax?')).toHaveValue('32000');
    expect(screen.getByRole('radio', { name: 'Employed full time' })).toBeChecked();
  });
});

describe('/loan/housing-info', () => {
  const housingInfo = info((v) => (v.journeyMap.aboutYou.loanPurposeConfirm = true));

  it('asks what a renter pays and how, and sends it in pence', async () => {
    answerCalls(fetchMock, {
      [INFO_PATH]: { resultData: housingInfo },
      '/onePage/application/fetchPayMethodsAndLivingSituations': housingOptions,
      '/onePage/user/updateRentInformation': { resultData: housingInfo },
    });
    renderAt('/loan/housing-info');
    await userEvent.click(await screen.findByRole('button', { name: 'Continue' }));
    expect(within(summary()).getByRole('link', { name: 'Select where you live' })).toBeInTheDocument();

    await userEvent.click(screen.getByLabelText('Renting from a private landlord'));
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(within(summary()).getAllByRole('link').map((link) => link.textContent)).toEqual([
      'Enter how much you pay each month',
      'Select how you pay for your housing',
    ]);

    await userEvent.type(screen.getByLabelText('How much do you pay each month?'), '£650');
    await userEvent.click(screen.getByLabelText('Standing order'));
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => {
      expect(callsTo(fetchMock, '/onePage/user/updateRentInformation')).toHaveLength(1);
    });
    expect(await bodyOf(fetchMock, '/onePage/user/updateRentInformation')).toEqual({
      housingStatus: 'renting_private',
      monthlyCostPence: 65_000,
      payMethod: 'standing_order',
    });
  });

  it('reads the housing questions again when Try again is pressed after a failed read', async () => {
    let fail = true;
    answerCalls(fetchMock, {
      [INFO_PATH]: { resultData: housingInfo },
      '/onePage/application/fetchPayMethodsAndLivingSituations': () =>
        envelopeResponse(fail ? failure(100500, 'Something went wrong') : housingOptions),
    });
    renderAt('/loan/housing-info');
    expect(await screen.findByText('We could not load the housing questions.')).toBeInTheDocument();

    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByLabelText('Renting from a private landlord')).toBeInTheDocument();
    expect(callsTo(fetchMock, '/onePage/application/fetchPayMethodsAndLivingSituations')).toHaveLength(2);
  });

  it('sends no cost for a homeowner without a mortgage', async () => {
    answerCalls(fetchMock, {
      [INFO_PATH]: { resultData: housingInfo },
      '/onePage/application/fetchPayMethodsAndLivingSituations': housingOptions,
      '/onePage/user/updateRentInformation': { resultData: housingInfo },
    });
    renderAt('/loan/housing-info');
    await userEvent.click(await screen.findByLabelText('Homeowner without a mortgage'));
    expect(screen.queryByLabelText('How much do you pay each month?')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => {
      expect(callsTo(fetchMock, '/onePage/user/updateRentInformation')).toHaveLength(1);
    });
    expect(await bodyOf(fetchMock, '/onePage/user/updateRentInformation')).toEqual({
      housingStatus: 'homeowner_outright',
      monthlyCostPence: 0,
    });
  });
});

describe('/loan/submit', () => {
  const ready = info((v) => {
    const map = v.journeyMap;
    map.aboutYou.loanPurposeConfirm = true;
    map.aboutYou.rentConfirm = true;
    map.aboutYou.addressUpdate = true;
    map.verifyIncome.isFinished = true;
    map.verifyIncome.openBanking = true;
  });

  it('sends the same idempotency key again when a submission is retried', async () => {
    let attempts = 0;
    answerCalls(fetchMock, {
      [INFO_PATH]: { resultData: ready },
      '/onePage/application/submitApplicationToRender': () => {
        attempts += 1;
        return new Response('{}', { status: 502 });
      },
    });
    renderAt('/loan/submit');
    const send = await screen.findByRole('button', { name: 'Send my application' });
    await userEvent.click(send);
    await waitFor(() => {
      expect(send).toBeEnabled();
    });
    await userEvent.click(send);
    await waitFor(() => {
      expect(attempts).toBe(2);
    });
    const [first, second] = callsTo(fetchMock, '/onePage/application/submitApplicationToRender');
    const key = first?.headers.get('Idempotency-Key');
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
    expect(second?.headers.get('Idempotency-Key')).toBe(key);
    expect(screen.queryByRole('link', { name: 'Back' })).not.toBeInTheDocument();
  });

  it('goes on the instant path with a bank connected, then shows the decision', async () => {
    const linked: Info = { ...ready, openBanking: { status: 'linked' } };
    const decided: Info = { ...linked, journeyMap: { ...linked.journeyMap, submission: { isFinished: true } } };
    let current = linked;
    answerCalls(fetchMock, {
      [INFO_PATH]: () => envelopeResponse({ resultData: current }),
      '/onePage/application/submitInstantApplicationToRender': () => {
        current = decided;
        return envelopeResponse({
          resultData: { applicationId: 'app_1', phase: 'decided', status: 'approved', approvalStatus: 1 },
        });
      },
      '/onePage/application/getOnePageApplicationStatus': {
        resultData: {
          applicationId: 'app_1',
          phase: 'decided',
          status: 'approved',
          approvalStatus: 1,
          decision: { outcome: 'approved', reasons: [] },
        },
      },
    });
    const router = renderAt('/loan/submit');
    await userEvent.click(await screen.findByRole('button', { name: 'Send my application' }));
    expect(await screen.findByRole('heading', { name: 'Your loan is approved' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/application-submitted');
    expect(callsTo(fetchMock, '/onePage/application/submitInstantApplicationToRender')).toHaveLength(1);
  });
});

describe('leaving /loan/submit', () => {
  const ready = info((v) => {
    const map = v.journeyMap;
    map.aboutYou.loanPurposeConfirm = true;
    map.aboutYou.rentConfirm = true;
    map.aboutYou.addressUpdate = true;
    map.verifyIncome.isFinished = true;
    map.verifyIncome.openBanking = true;
  });

  it('is refused for an earlier step, with a message', async () => {
    answerCalls(fetchMock, { [INFO_PATH]: { resultData: ready } });
    const router = renderAt('/loan/submit');
    await screen.findByRole('button', { name: 'Send my application' });
    await router.navigate('/loan/income');
    expect(await screen.findByRole('region', { name: 'You cannot go back from here' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/loan/submit');
  });

  it('is refused for a screen outside the journey', async () => {
    answerCalls(fetchMock, { [INFO_PATH]: { resultData: ready } });
    const router = renderAt('/loan/submit');
    await screen.findByRole('button', { name: 'Send my application' });
    await router.navigate('/email-box');
    expect(await screen.findByRole('region', { name: 'You cannot go back from here' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/loan/submit');
  });
});

describe('/loan/connect-bank', () => {
  it('says plainly that connecting the bank was cancelled', async () => {
    const atBank = info((v) => {
      const map = v.journeyMap;
      map.aboutYou.loanPurposeConfirm = true;
      map.aboutYou.rentConfirm = true;
      map.aboutYou.addressUpdate = true;
      map.verifyIncome.isFinished = true;
    });
    answerCalls(fetchMock, { [INFO_PATH]: { resultData: atBank } });
    renderAt('/loan/connect-bank?bank=cancelled');
    expect(await screen.findByRole('region', { name: 'Your bank is not connected' })).toHaveTextContent(
      'You cancelled connecting your bank',
    );
  });
});

describe('/loan/confirm-email', () => {
  it('does not go on until the address is confirmed', async () => {
    const unconfirmed = info((v) => (v.journeyMap.aboutYou.emailVerification = false));
    answerCalls(fetchMock, { [INFO_PATH]: { resultData: unconfirmed } });
    const router = renderAt('/loan/confirm-email');
    expect(await screen.findByText('robin@example.com')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('alert', { name: 'There is a problem' })).toHaveTextContent(
      'We have not had your confirmation yet',
    );
    expect(router.state.location.pathname).toBe('/loan/confirm-email');
  });
});

describe('/email_verify_soft', () => {
  it('without a link (the choice b stage) says where the link went and sends it again', async () => {
    expiringLocalStorage.setItem(storageKeys.email, 'robin@example.com');
    answerCalls(fetchMock, { '/onePage/user/sendVerificationEmail': { resultData: {} } });
    renderAt('/email_verify_soft');
    expect(await screen.findByRole('heading', { level: 1, name: 'Confirm your e-mail address' })).toBeInTheDocument();
    expect(screen.getByText('robin@example.com')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Change your email address' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Send the link again' }));
    expect(await screen.findByRole('region', { name: 'E-mail sent' })).toHaveTextContent(
      'We have sent a new link to robin@example.com',
    );
    expect(callsTo(fetchMock, '/onePage/user/sendVerificationEmail')).toHaveLength(1);
    expect(callsTo(fetchMock, '/onePage/user/emailSoftConfirmation')).toHaveLength(0);
  });

  it('opened where nobody is signed in (another device), says where to open it and sends nothing', async () => {
    expiringLocalStorage.clear([]);
    answerCalls(fetchMock, {});
    renderAt('/email_verify_soft?token=a-token');
    expect(await screen.findByRole('heading', { level: 1, name: 'Open this link where you applied' })).toBeInTheDocument();
    expect(screen.getByText(/only in the browser where you started your application/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start a new application' })).toHaveAttribute('href', '/amount/amount_default');
    expect(callsTo(fetchMock, '/onePage/user/emailSoftConfirmation')).toHaveLength(0);
  });

  it('says plainly when a link no longer works, and offers a new one', async () => {
    answerCalls(fetchMock, {
      '/onePage/user/emailSoftConfirmation': failure(100614, 'This link has expired.'),
    });
    renderAt('/email_verify_soft?token=used-token');
    expect(await screen.findByRole('heading', { level: 1, name: 'This link did not work' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send the link again' })).toBeEnabled();
    expect(callsTo(fetchMock, '/onePage/user/emailSoftConfirmation')).toHaveLength(1);
  });
});

describe('the decision', () => {
  const submitted = info((v) => {
    const map = v.journeyMap;
    map.aboutYou.loanPurposeConfirm = true;
    map.aboutYou.rentConfirm = true;
    map.aboutYou.addressUpdate = true;
    map.verifyIncome.isFinished = true;
    map.verifyIncome.openBanking = true;
    map.submission.isFinished = true;
  });
  const STATUS_PATH = '/onePage/application/getOnePageApplicationStatus';

  it('sends a decline to /decline, which lists its reasons', async () => {
    const declined = { outcome: 'declined' as const, reasons: [{ code: 'credit_history', text: 'Your credit history' }] };
    expiringLocalStorage.setItem(storageKeys.applyId, 'app_1');
    answerCalls(fetchMock, {
      [INFO_PATH]: { resultData: submitted },
      [STATUS_PATH]: {
        resultData: { applicationId: 'app_1', phase: 'decided', status: 'declined', approvalStatus: 0, decision: declined },
      },
      '/accountApplication/getApplicationInfo': {
        resultData: applicationPendingAt('setPassword', {
          status: 'declined',
          approvalStatus: 0,
          preDispersalStatus: 0,
          onePage: true,
          decision: declined,
        }),
      },
    });
    const router = renderAt('/application-submitted');
    expect(await screen.findByRole('heading', { level: 1, name: 'We cannot offer you a loan' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/decline');
    expect(within(screen.getByRole('main')).getByRole('listitem')).toHaveTextContent('Your credit history');
  });

  it('sends a referred application to /received, which says when the decision is due', async () => {
    const referred = {
      resultData: {
        applicationId: 'app_1',
        phase: 'submitted',
        status: 'referred',
        approvalStatus: 9,
        decision: { outcome: 'referred', reasons: [], decisionDueAt: '2026-11-23T10:00:00Z' },
      },
    };
    answerCalls(fetchMock, { [INFO_PATH]: { resultData: submitted }, [STATUS_PATH]: referred });
    const router = renderAt('/application-submitted');
    expect(await screen.findByRole('heading', { level: 1, name: 'We are reviewing your application' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/received');
    expect(await screen.findByText(/We will tell you our decision by 23rd Nov 2026/)).toBeInTheDocument();
  });

  it('offers no Back on the submitted page, where nothing can be changed any more', async () => {
    answerCalls(fetchMock, {
      [INFO_PATH]: { resultData: submitted },
      [STATUS_PATH]: { resultData: { applicationId: 'app_1', phase: 'submitted', status: 'referred', approvalStatus: 9 } },
    });
    renderAt('/application-submitted');
    expect(await screen.findByRole('heading', { level: 1, name: 'Application sent' })).toBeInTheDocument();
    expect(await screen.findByText(/We have your application/)).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Your application' })).toHaveAttribute(
      'aria-valuetext',
      'Step 7 of 7, 100% complete',
    );
    expect(screen.queryByRole('link', { name: 'Back' })).not.toBeInTheDocument();
  });

  it('sends every journey step to the submitted page once submitted', async () => {
    answerCalls(fetchMock, {
      [INFO_PATH]: { resultData: submitted },
      [STATUS_PATH]: {
        resultData: {
          applicationId: 'app_1',
          phase: 'decided',
          status: 'approved',
          approvalStatus: 1,
          decision: { outcome: 'approved', reasons: [] },
        },
      },
    });
    const router = renderAt('/loan/income');
    expect(await screen.findByRole('heading', { name: 'Your loan is approved' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/application-submitted');
  });
});

describe('/quote_review_b', () => {
  it('prices a change of term again, then confirms the loan as priced', async () => {
    const unconfirmed = info((v) => {
      v.journeyMap.yourLoan.loanValueConfirm = false;
      v.journeyMap.aboutYou.emailVerification = false;
    });
    const repriced = { ...unconfirmed.loan, termMonths: 36, monthlyInstalmentPence: 18_200 };
    answerCalls(fetchMock, {
      [INFO_PATH]: { resultData: unconfirmed },
      '/ledger/loanCalcPub': { resultData: repriced },
      '/onePage/application/confirmYourLoan': { resultData: unconfirmed },
    });
    renderAt('/quote_review_b');
    expect(await screen.findByRole('heading', { level: 1, name: 'Confirm your loan' })).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Your application' })).toHaveAttribute('aria-valuenow', '0');
    expect(screen.queryByRole('link', { name: 'Back' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Change the amount or term' }));
    const term = screen.getByLabelText('Over how many months?');
    await userEvent.clear(term);
    await userEvent.click(screen.getByRole('button', { name: 'Work out my repayments' }));
    expect(within(summary()).getByRole('link', { name: 'Enter how many months you want to repay over' })).toBeInTheDocument();

    await userEvent.type(term, '36');
    await userEvent.click(screen.getByRole('button', { name: 'Work out my repayments' }));
    expect(await screen.findByText('£182.00')).toBeInTheDocument();
    expect(await bodyOf(fetchMock, '/ledger/loanCalcPub')).toEqual({ amountPence: 500_000, termMonths: 36 });

    await userEvent.click(screen.getByRole('button', { name: 'Confirm my loan' }));
    await waitFor(() => {
      expect(callsTo(fetchMock, '/onePage/application/confirmYourLoan')).toHaveLength(1);
    });
    expect(await bodyOf(fetchMock, '/onePage/application/confirmYourLoan')).toEqual({ amountPence: 500_000, termMonths: 36 });
  });

  it('asks for whole pounds, and keeps a change being typed through a refresh', async () => {
    const unconfirmed = info((v) => {
      v.journeyMap.yourLoan.loanValueConfirm = false;
      v.journeyMap.aboutYou.emailVerification = false;
    });
    answerCalls(fetchMock, { [INFO_PATH]: { resultData: unconfirmed } });
    renderAt('/quote_review_b');
    await userEvent.click(await screen.findByRole('button', { name: 'Change the amount or term' }));
    const amount = screen.getByLabelText('How much do you want to borrow?');
    expect(amount).toHaveValue('5000');
    await userEvent.clear(amount);
    await userEvent.type(amount, '7500.50');
    await userEvent.click(screen.getByRole('button', { name: 'Work out my repayments' }));
    expect(within(summary()).getByRole('link', { name: 'Enter how much you want to borrow in whole pounds, like 7,500' })).toHaveAttribute(
      'href',
      '#amount',
    );
    expect(callsTo(fetchMock, '/ledger/loanCalcPub')).toHaveLength(0);

    // A refresh: the change is still open, with what was typed.
    cleanup();
    forgetStepOnScreen();
    renderAt('/quote_review_b');
    expect(await screen.findByLabelText('How much do you want to borrow?')).toHaveValue('7500.50');
    expect(screen.getByLabelText('Over how many months?')).toHaveValue('24');
  });
});
