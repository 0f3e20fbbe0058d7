import { readStoredAccessToken } from '@lender/api-client';
import { expiringLocalStorage, expiringSessionStorage } from '@lender/api-client/storage';
import { harbourCredit } from '@lender/ui/brands';
import { brandConfigOf } from '@lender/ui/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { keepApplicationAnswers } from '../../lib/application-draft';
import { sessionStorageKeys, storageKeys } from '../../lib/storage-keys';
import { answeredBefore } from '../../test/amount-answers';
import { answerCalls, bodyOf, callsTo, failure, loginResult, setUpSignInTests } from '../../test/sign-in-support';
import type { EligibilityResult } from './outcome';
import { heading } from '../../test/screen-queries';

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
      '/user/createDecisionUser': { resultData: loginResult({ email: 'sam.lee@example.com', firstName: 'Sam' }) },
    });
    const router = renderAt('/amount/credit_consent');
    await heading('Check if you can get a loan');
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/amount/step2');
    await userEvent.click(checkButton());
    const summary = screen.getByRole('alert', { name: 'There is a problem' });
    expect(summary).toHaveFocus();
    const message = 'Select that you agree to a soft credit search to check if you can get a loan';
    expect(within(summary).getByRole('link', { name: message })).toBeInTheDocument();
    expect(screen.getByRole('checkbox')).toHaveAccessibleDescription(message);
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
      '/user/createDecisionUser': { resultData: loginResult() },
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
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
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
      '/user/createDecisionUser': { resultData: loginResult() },
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
