import type { components } from '@lender/api-client';
import { envelopeResponse } from '@lender/api-client/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { keepApplicationAnswers } from '../../lib/application-draft';
import { paths } from '../../lib/paths';
import { applicationPendingAt } from '../../test/application-info';
import { continueButton, heading, summaryMessages } from '../../test/screen-queries';
import { answerCalls, bodyOf, callsTo, setUpSignInTests, StrictProviders, signIn } from '../../test/sign-in-support';

// StrictMode as in main.tsx: it mounts every screen twice in development, which bank_c's one-time code must survive.

const { fetchMock, renderAt } = setUpSignInTests(StrictProviders);

type Review = components['schemas']['RegApplicationReview'];

const INFO = '/accountApplication/getApplicationInfo';
const REVIEW = '/accountApplication/reviewMyRegApplication';
const SUBMIT = '/accountApplication/futureIncomeChangeAndSubmitApplication';

/** The application as reviewMyRegApplication answers it: everything given up to income. */
function review(change: Partial<Review> = {}): Review {
  return {
    loan: applicationPendingAt('incomeVerification').loan,
    purpose: 'car',
    purposeText: '',
    housing: { housingStatus: 'renting_private', monthlyCostPence: 70_000, payMethod: 'standing_order' },
    addresses: [],
    income: { annualIncomePence: 3_000_000, employmentStatus: 'full_time', payFrequency: 'monthly' },
    creditAssessment: [{ questionId: 'dependants', value: '0' }],
    openBanking: 'linked',
    ...change,
  };
}

beforeEach(() => {
  signIn();
  localStorage.setItem('applyId', JSON.stringify({ value: 'app_1' }));
});

describe('/bank_c', () => {
  it('goes back to connect_accounts with a message when the person cancelled at the bank, recording nothing', async () => {
    answerCalls(fetchMock, {});
    const router = renderAt('/bank_c?from=render&consentId=cons_1&error=access_denied');
    await heading('Connect your bank');
    expect(router.state.location.pathname).toBe(paths.legacy.connectAccounts);
    expect(router.state.location.search).toBe('?bank=cancelled');
    expect(screen.getByRole('region', { name: 'Your bank is not connected' })).toHaveTextContent(
      'You cancelled connecting your bank',
    );
    expect(callsTo(fetchMock, '/bank/completedOB')).toHaveLength(0);
  });

  it('exchanges the code once, shows the linked bank without the code in the address, then resumes', async () => {
    answerCalls(fetchMock, {
      '/bank/completedOB': { resultData: applicationPendingAt('incomeVerification') },
      '/bank/getOBStatus': {
        resultData: { consentId: 'cons_1', consentStatus: 'authorised', bankName: 'Kestrel Mutual', step: 'linked', recorded: true },
      },
      [INFO]: { resultData: applicationPendingAt('incomeVerification') },
      [REVIEW]: { resultData: review() },
    });
    const router = renderAt('/bank_c?from=render&consentId=cons_1&code=one-time-code');

    await heading('Your bank is connected');
    expect(router.state.location.pathname).toBe(paths.legacy.bankView);
    expect(router.state.location.search).toBe('');
    expect(screen.getByText(/We can now read your Kestrel Mutual accounts/)).toBeInTheDocument();
    expect(callsTo(fetchMock, '/bank/completedOB')).toHaveLength(1);
    const [completed] = callsTo(fetchMock, '/bank/completedOB');
    expect(new URL(completed?.url ?? '').searchParams.get('code')).toBe('one-time-code');
    expect(new URL((callsTo(fetchMock, '/bank/getOBStatus')[0]?.url ?? '')).searchParams.get('consentId')).toBe('cons_1');

    await userEvent.click(continueButton());
    await heading('Do you expect your income to change in the next 12 months?');
    expect(router.state.location.pathname).toBe(paths.legacy.allSubmit);
  });
});

describe('/all_submit', () => {
  it('asks for the income first when the application has none', async () => {
    answerCalls(fetchMock, { [REVIEW]: { resultData: review({ income: undefined, creditAssessment: [] }) } });
    renderAt('/all_submit');
    await heading('Before you send your application');
    expect(screen.getByRole('link', { name: 'Tell us about your income' })).toHaveAttribute('href', paths.legacy.incomeVerify);
  });

  it('checks the answer on submit, sends it with the application, and follows the decision', async () => {
    const referred = applicationPendingAt('waitingPage', { status: 'referred' });
    answerCalls(fetchMock, { [REVIEW]: { resultData: review() }, [SUBMIT]: { resultData: referred } });
    const router = renderAt('/all_submit');
    await heading('Do you expect your income to change in the next 12 months?');

    const send = screen.getByRole('button', { name: 'Send my application' });
    await userEvent.click(send);
    expect(summaryMessages()).toEqual(['Select yes if you expect your income to change']);
    await userEvent.click(screen.getByRole('radio', { name: 'Yes' }));
    await userEvent.click(send);
    expect(summaryMessages()).toEqual([
      'Select whether your income will go up or down',
      'Select why your income will change',
      'Enter your new yearly income before tax',
    ]);
    await userEvent.click(screen.getByRole('radio', { name: 'It will go down' }));
    await userEvent.click(screen.getByRole('radio', { name: 'Retirement' }));
    await userEvent.type(screen.getByLabelText('Your new yearly income before tax, in pounds'), '£18,500.50');
    expect(callsTo(fetchMock, SUBMIT)).toHaveLength(0);
    await userEvent.click(send);

    await waitFor(() => {
      expect(router.state.location.pathname).toBe(paths.received);
    });
    expect(await bodyOf(fetchMock, SUBMIT)).toEqual({
      expected: true,
      direction: 'decrease',
      reason: 'retirement',
      newAnnualIncomePence: 1_850_050,
    });
    expect(localStorage.getItem('legacyIncomeChange')).toBeNull();
  });
});

describe('/income_verify and /income_verify2', () => {
  it('take the income details, then the finances, and record them together before all_submit', async () => {
    answerCalls(fetchMock, {
      '/onePage/application/getCreditAssessmentQuestionsMetadata': {
        resultData: {
          questions: [
            {
              id: 'dependants',
              text: 'How many people depend on you financially?',
              type: 'choice',
              required: true,
              options: [
                { code: '0', label: 'None' },
                { code: '1', label: '1' },
              ],
            },
            { id: 'credit_commitments', text: 'What do you pay each month for credit?', type: 'amount_pence', required: true, options: [] },
            { id: 'missed_payments', text: 'Have you missed a payment?', type: 'boolean', required: true, options: [] },
            { id: 'financial_difficulty', text: 'Are you in a debt plan?', type: 'boolean', required: false, options: [] },
          ],
        },
      },
      '/onePage/application/UpdateCreditAssessment': () => envelopeResponse({ resultData: {} }),
      [REVIEW]: { resultData: review() },
    });
    const router = renderAt('/income_verify');
    await heading('Your income');
    await userEvent.click(continueButton());
    expect(summaryMessages()).toEqual([
      'Enter your yearly income before tax',
      'Select how you are employed',
      'Select how often you are paid',
    ]);
    await userEvent.type(screen.getByLabelText('What is your yearly income before tax?'), '£30,000');
    await userEvent.click(screen.getByRole('radio', { name: 'Self-employed' }));
    await userEvent.click(screen.getByRole('radio', { name: 'Every 4 weeks' }));
    await userEvent.click(continueButton());

    expect(await screen.findByRole('radio', { name: 'None' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(paths.legacy.incomeVerify2);
    await userEvent.click(continueButton());
    expect(summaryMessages()).toEqual([
      'Answer the question: How many people depend on you financially?',
      'Answer the question: What do you pay each month for credit?',
      'Answer the question: Have you missed a payment?',
    ]);
    await userEvent.click(screen.getByRole('radio', { name: 'None' }));
    await userEvent.type(screen.getByLabelText('What do you pay each month for credit?'), '150');
    const missed = screen.getByRole('group', { name: 'Have you missed a payment?' });
    await userEvent.click(within(missed).getByRole('radio', { name: 'No' }));
    await userEvent.click(continueButton());

    await heading('Do you expect your income to change in the next 12 months?');
    expect(router.state.location.pathname).toBe(paths.legacy.allSubmit);
    expect(await bodyOf(fetchMock, '/onePage/application/UpdateCreditAssessment')).toEqual({
      income: { annualIncomePence: 3_000_000, employmentStatus: 'self_employed', payFrequency: 'four_weekly' },
      answers: [
        { questionId: 'dependants', value: '0' },
        { questionId: 'credit_commitments', value: '15000' },
        { questionId: 'missed_payments', value: 'no' },
      ],
    });
  });
});

describe('/income_verify after the early steps', () => {
  it('asks the income questions with what was answered on /amount/income and /amount/employment, as /loan/income does', async () => {
    keepApplicationAnswers({ income: '£28,500', employment: 'self_employed' });
    answerCalls(fetchMock, {});
    renderAt('/income_verify');
    await heading('Your income');
    const income = screen.getByLabelText('What is your yearly income before tax?');
    expect(income).toHaveValue('28500');
    expect(income).toHaveAccessibleDescription('Include wages, pensions and benefits, in whole pounds, like 32,000');
    expect(screen.getByRole('radio', { name: 'Self-employed' })).toBeChecked();
    await userEvent.click(continueButton());
    expect(summaryMessages()).toEqual(['Select how often you are paid']);
  });
});

describe('/email_verify_again', () => {
  it('waits for the confirmation on Continue, sends the link again, and resumes once confirmed', async () => {
    let confirmed = false;
    answerCalls(fetchMock, {
      [INFO]: () => envelopeResponse({ resultData: applicationPendingAt(confirmed ? 'openBanking' : 'emailConf') }),
      '/onePage/user/sendVerificationEmail': { resultData: {} },
    });
    const router = renderAt('/email_verify_again');
    await heading('Confirm your e-mail address');

    await userEvent.click(continueButton());
    await waitFor(() => {
      expect(summaryMessages()).toEqual([
        'We have not had your confirmation yet. Open the link in the e-mail we sent you, or send it again.',
      ]);
    });
    await userEvent.click(screen.getByRole('button', { name: 'Send the link again' }));
    expect(await screen.findByRole('region', { name: 'E-mail sent' })).toBeInTheDocument();
    expect(callsTo(fetchMock, '/onePage/user/sendVerificationEmail')).toHaveLength(1);

    confirmed = true;
    await userEvent.click(continueButton());
    await heading('Connect your bank');
    expect(router.state.location.pathname).toBe(paths.legacy.connectAccounts);
  });
});

describe('/amount/credit_consent for an applicant from the own comparison site', () => {
  const AGREEMENT = { resultData: { title: 'Pre-contract credit information', html: '<p>Terms of the search</p>' } };
  const CONCERN = '/accountApplication/checkCreditConcern';

  it('shows the credit information, needs the box ticked, then goes on to the income step', async () => {
    answerCalls(fetchMock, {
      '/accountApplication/creditConcernAgreement': AGREEMENT,
      [CONCERN]: { resultData: { required: true, done: false } },
      [REVIEW]: { resultData: review() },
    });
    const router = renderAt(paths.amount.creditConsent);
    expect(await screen.findByRole('heading', { level: 2, name: 'Pre-contract credit information' })).toBeInTheDocument();
    expect(screen.getByText('Terms of the search')).toBeInTheDocument();

    await userEvent.click(continueButton());
    expect(summaryMessages()).toEqual(['Select that you have read the information and agree to a credit search']);
    expect(callsTo(fetchMock, CONCERN)).toHaveLength(0);
    await userEvent.click(screen.getByRole('checkbox', { name: 'I have read the information and agree to a credit search' }));
    await userEvent.click(continueButton());

    await heading('Do you expect your income to change in the next 12 months?');
    expect(router.state.location.pathname).toBe(paths.legacy.allSubmit);
    expect(callsTo(fetchMock, CONCERN)).toHaveLength(1);
  });

  it('resumes the application where it stands when the consent is not asked of the applicant', async () => {
    answerCalls(fetchMock, {
      '/accountApplication/creditConcernAgreement': AGREEMENT,
      [CONCERN]: { resultData: { required: false, done: false } },
      [INFO]: { resultData: applicationPendingAt('contractSubmitted') },
    });
    const router = renderAt(paths.amount.creditConsent);
    await userEvent.click(
      await screen.findByRole('checkbox', { name: 'I have read the information and agree to a credit search' }),
    );
    await userEvent.click(continueButton());

    await heading('Send your application');
    expect(router.state.location.pathname).toBe(paths.legacy.allDone);
  });
});

describe('/all_done and /all_done_2', () => {
  it('sends the application, thanks the applicant, and Continue leads to where it stands', async () => {
    answerCalls(fetchMock, {
      '/accountApplication/submitApplicationToAdb': { resultData: applicationPendingAt('waitingPage') },
      [INFO]: { resultData: applicationPendingAt('waitingPage', { status: 'referred' }) },
    });
    const router = renderAt('/all_done');
    await heading('Send your application');
    expect(screen.getByRole('link', { name: 'check your application' })).toHaveAttribute('href', paths.legacy.application);
    await userEvent.click(screen.getByRole('button', { name: 'Send my application' }));
    await heading('Application sent');
    expect(router.state.location.pathname).toBe(paths.legacy.allDone2);
    expect(callsTo(fetchMock, '/accountApplication/submitApplicationToAdb')).toHaveLength(1);
    await userEvent.click(continueButton());
    await waitFor(() => {
      expect(router.state.location.pathname).toBe(paths.received);
    });
  });
});

describe('/application', () => {
  it('lists the application as given, as a summary list', async () => {
    answerCalls(fetchMock, {
      [REVIEW]: {
        resultData: review({
          purpose: 'other',
          purposeText: 'A new boiler',
          futureIncomeChange: { expected: false },
          addresses: [
            {
              address: { flat: '', houseName: '', houseNumber: '12A', street: 'Orchard Close', town: 'Lowmere', county: '', postcode: 'LM3 8RD' },
              manual: false,
              movedIn: '2021-04',
              label: '12A Orchard Close, Lowmere, LM3 8RD',
            },
          ],
        }),
      },
    });
    renderAt('/application');
    await heading('Your application');
    const value = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(await screen.findByText('Amount', { selector: 'dt' })).toBeInTheDocument();
    expect(value('Amount')).toBe('£5,000.00');
    expect(value('What the loan is for')).toBe('A new boiler');
    expect(value('Housing')).toBe('Renting from a private landlord, £700.00 a month');
    expect(value('Current address')).toBe('12A Orchard Close, Lowmere, LM3 8RD');
    expect(value('Income in the next 12 months')).toBe('No change expected');
    expect(value('Your bank')).toBe('Connected');
  });
});
