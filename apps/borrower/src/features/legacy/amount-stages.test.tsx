import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { paths } from '../../lib/paths';
import { answeredBefore, ORCHARD_CLOSE, yearsAgo } from '../../test/amount-answers';
import { applicationPendingAt } from '../../test/application-info';
import { continueButton, heading, summaryMessages } from '../../test/screen-queries';
import { answerCalls, bodyOf, callsTo, setUpSignInTests, signIn } from '../../test/sign-in-support';

// The /amount screens the legacy resume rules lead a signed-in applicant to record their stage on the last Continue.
const { fetchMock, renderAt } = setUpSignInTests();

const INFO = '/accountApplication/getApplicationInfo';

beforeEach(() => {
  signIn();
  localStorage.setItem('applyId', JSON.stringify({ value: 'app_1' }));
});

describe('/amount/rent_payment for a signed-in applicant at the rentInfo stage', () => {
  it('asks how it is paid, records the housing and addresses, then resumes', async () => {
    answeredBefore('housingCost');
    answerCalls(fetchMock, {
      [INFO]: { resultData: applicationPendingAt('rentInfo') },
      '/accountApplication/updateRentInfo': { resultData: applicationPendingAt('emailConf') },
    });
    const router = renderAt('/amount/rent_payment');
    await heading('How much is your rent each month?');
    await userEvent.type(screen.getByLabelText('Monthly rent'), '700');
    await userEvent.click(continueButton());
    expect(summaryMessages()).toEqual(['Select how you pay it']);
    await userEvent.click(screen.getByRole('radio', { name: 'Standing order' }));
    await userEvent.click(continueButton());

    await heading('Confirm your e-mail address');
    expect(router.state.location.pathname).toBe(paths.legacy.emailVerifyAgain);
    expect(await bodyOf(fetchMock, '/accountApplication/updateRentInfo')).toEqual({
      housing: { housingStatus: 'renting_private', monthlyCostPence: 70_000, payMethod: 'standing_order' },
      addresses: [{ gazetteerId: ORCHARD_CLOSE.gazetteerId, movedIn: `${yearsAgo(5)}-04` }],
    });
  });

  it('records nothing when the stage is done, going on to check the answers as before', async () => {
    answeredBefore('housingCost');
    answerCalls(fetchMock, { [INFO]: { resultData: applicationPendingAt('openBanking') } });
    const router = renderAt('/amount/rent_payment');
    await heading('How much is your rent each month?');
    await userEvent.type(screen.getByLabelText('Monthly rent'), '700');
    await userEvent.click(screen.getByRole('radio', { name: 'Direct Debit' }));
    await userEvent.click(continueButton());
    await waitFor(() => {
      expect(router.state.location.pathname).toBe(paths.amount.step2);
    });
    expect(callsTo(fetchMock, '/accountApplication/updateRentInfo')).toHaveLength(0);
  });
});

describe('/amount/purpose_text for a signed-in applicant whose other purpose waits for its words', () => {
  it('records the words (updateLoanPurposeDetail) rather than going on to the name', async () => {
    answerCalls(fetchMock, {
      [INFO]: { resultData: applicationPendingAt('incomeVerification', { application: { loanPurpose: 'other', loanPurposeText: '' } }) },
      '/accountApplication/updateLoanPurposeDetail': {
        resultData: applicationPendingAt('contractSubmitted', { application: { loanPurpose: 'other', loanPurposeText: 'A new boiler' } }),
      },
    });
    renderAt('/amount/purpose_text');
    await heading('What is the loan for?');
    await userEvent.type(screen.getByLabelText('Tell us what the loan is for'), ' A new boiler ');
    await userEvent.click(continueButton());
    await waitFor(() => {
      expect(callsTo(fetchMock, '/accountApplication/updateLoanPurposeDetail')).toHaveLength(1);
    });
    expect(await bodyOf(fetchMock, '/accountApplication/updateLoanPurposeDetail')).toEqual({
      purpose: 'other',
      purposeText: 'A new boiler',
    });
  });
});

describe('/amount/address_history for a signed-in applicant asked for their addresses again', () => {
  it('records the history alone, then says the addresses are updated', async () => {
    answeredBefore('rentCost');
    answerCalls(fetchMock, {
      [INFO]: { resultData: applicationPendingAt('additionalOps', { status: 'approved', approvalStatus: 1, additionalOps: ['address'] }) },
      '/onePage/user/updateAddressHistory': { resultData: {} },
    });
    const router = renderAt('/amount/address_history');
    await heading('Your addresses in the last 3 years');
    await userEvent.click(continueButton());
    await heading('Your addresses are updated');
    expect(router.state.location.pathname).toBe(paths.legacy.addressUpdated);
    expect(await bodyOf(fetchMock, '/onePage/user/updateAddressHistory')).toEqual({
      addresses: [{ gazetteerId: ORCHARD_CLOSE.gazetteerId, movedIn: `${yearsAgo(5)}-04` }],
    });
  });
});
