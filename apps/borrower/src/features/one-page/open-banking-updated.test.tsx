import { envelopeResponse } from '@lender/api-client/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ApplicationInfo } from '../../lib/resume-target';
import { applicationPendingAt } from '../../test/application-info';
import { recordLeaving } from '../../test/leaving';
import { heading } from '../../test/screen-queries';
import { answerCalls, callsTo, failure, setUpSignInTests, signIn } from '../../test/sign-in-support';

const { fetchMock, renderAt } = setUpSignInTests();

const APPLICATION_INFO = '/accountApplication/getApplicationInfo';
const ONE_PAGE_INFO = '/onePage/application/getOnePageApplicationInfo';
const LINK = '/onePage/application/getOpenBankingLink';
const COMPLETED = '/onePage/application/completedOB';

/** A submitted one-page application, approved with a PIN chosen; `asked`: the lender asked for a bank again. */
function application(asked: boolean): ApplicationInfo {
  return applicationPendingAt(asked ? 'additionalOps' : 'setPhone', {
    status: 'approved',
    approvalStatus: 1,
    onePage: true,
    decisionId: 'dec_1',
    additionalOps: asked ? ['open_banking'] : [],
  });
}

/** The journey as getOnePageApplicationInfo answers it after submission, with the bank as recorded. */
function journey(status: 'none' | 'linked' | 'skipped') {
  return {
    resultData: {
      openBanking: { status },
      journeyMap: {
        aboutYou: { emailVerification: true, loanPurposeConfirm: true, rentConfirm: true, addressUpdate: true, incomeConfirm: true, obSkip: status === 'skipped' },
        yourLoan: { loanValueConfirm: true },
        verifyIncome: { openBanking: status === 'linked', isFinished: true },
        submission: { isFinished: true },
      },
    },
  };
}

const assign = recordLeaving();

beforeEach(() => {
  signIn();
});

describe('/open-banking-updated', () => {
  it("offers the bank's consent page when the lender asks for a bank again", async () => {
    answerCalls(fetchMock, {
      [APPLICATION_INFO]: { resultData: application(true) },
      [ONE_PAGE_INFO]: journey('skipped'),
      [LINK]: { resultData: { authUrl: 'https://sandbox.example/openbanking/consent/cns_1', consentId: 'cns_1' } },
    });
    renderAt('/open-banking-updated');
    await heading('Connect your bank again');
    expect(screen.getByText(/we need to see your bank account again/)).toBeInTheDocument();
    const connect = screen.getByRole('button', { name: 'Connect my bank' });
    await userEvent.dblClick(connect);
    await waitFor(() => {
      expect(assign).toHaveBeenCalledWith('https://sandbox.example/openbanking/consent/cns_1');
    });
    expect(callsTo(fetchMock, LINK)).toHaveLength(1);
    expect(connect).toBeDisabled();
  });

  it('finishes the return from the bank once, shows the bank connected, and continues along the resume rules', async () => {
    let linked = false;
    answerCalls(fetchMock, {
      [APPLICATION_INFO]: () => envelopeResponse({ resultData: application(!linked) }),
      [ONE_PAGE_INFO]: () => envelopeResponse(journey(linked ? 'linked' : 'skipped')),
      [COMPLETED]: () => {
        linked = true;
        return envelopeResponse(journey('linked'));
      },
    });
    const router = renderAt('/open-banking-updated?from=render&consentId=cns_1&state=st4te&code=c0de');
    await heading('Your bank is connected');
    expect(callsTo(fetchMock, COMPLETED)).toHaveLength(1);
    const query = new URL(callsTo(fetchMock, COMPLETED)[0]?.url ?? '').searchParams;
    expect([query.get('consentId'), query.get('state'), query.get('code')]).toEqual(['cns_1', 'st4te', 'c0de']);
    // Nothing the bank sent stays in the address.
    expect(router.state.location.pathname).toBe('/open-banking-updated');
    expect(router.state.location.search).toBe('');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(screen.getByText('Thank you. We can now see your income and spending for the last 12 months.')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/phoneNumber');
    });
  });

  it('says so when the bank was cancelled, and offers the consent page again', async () => {
    answerCalls(fetchMock, { [APPLICATION_INFO]: { resultData: application(true) }, [ONE_PAGE_INFO]: journey('skipped') });
    const router = renderAt('/open-banking-updated?from=render&consentId=cns_1&state=st4te&error=access_denied');
    await heading('Connect your bank again');
    expect(screen.getByRole('region', { name: 'Your bank is not connected' })).toHaveTextContent('You cancelled connecting your bank.');
    expect(router.state.location.search).toBe('');
    expect(callsTo(fetchMock, COMPLETED)).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Connect my bank' })).toBeEnabled();
  });

  it('says the bank is not connected when the return cannot be finished (used, expired, another session)', async () => {
    answerCalls(fetchMock, {
      [APPLICATION_INFO]: { resultData: application(true) },
      [ONE_PAGE_INFO]: journey('skipped'),
      [COMPLETED]: failure(100400, 'This bank connection has expired or has been used already. Please connect your bank again.'),
    });
    renderAt('/open-banking-updated?from=render&consentId=cns_1&state=st4te&code=c0de');
    await heading('Connect your bank again');
    expect(screen.getByRole('region', { name: 'Your bank is not connected' })).toHaveTextContent(
      'Your bank could not be connected. Please try connecting it again.',
    );
    expect(callsTo(fetchMock, COMPLETED)).toHaveLength(1);
  });

  it('shows what the application records when nothing is asked, and says when it cannot be read', async () => {
    answerCalls(fetchMock, {
      [APPLICATION_INFO]: failure(100503, 'The service is temporarily unavailable.'),
      [ONE_PAGE_INFO]: journey('linked'),
    });
    renderAt('/open-banking-updated');
    expect(await screen.findByText('We could not check your bank connection.')).toBeInTheDocument();

    answerCalls(fetchMock, { [APPLICATION_INFO]: { resultData: application(false) }, [ONE_PAGE_INFO]: journey('linked') });
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await heading('Your bank is connected');
    expect(screen.queryByRole('button', { name: 'Connect my bank' })).toBeNull();
  });
});
