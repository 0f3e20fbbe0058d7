import type { components } from '@lender/api-client';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answerCalls, bodyOf, callsTo, failure, setUpSignInTests, signIn } from '../../test/sign-in-support';
import type { Answer } from '../../test/sign-in-support';
import { applicationPendingAt, stagesPendingFrom } from '../../test/application-info';
import { summaryMessages } from '../../test/screen-queries';
import { keepDraft, readDraft } from './draft';

const { fetchMock, renderAt } = setUpSignInTests();

type ApplicationInfo = components['schemas']['ApplicationInfo'];
type RegStage = ApplicationInfo['regStage'];

/** An approved legacy application whose first pending stage is `pending` (none: every stage done). */
function approvedAt(pending: keyof RegStage | undefined): { resultData: ApplicationInfo } {
  const pendingApplication = applicationPendingAt('welcome');
  return {
    resultData: {
      ...pendingApplication,
      status: 'approved',
      approvalStatus: 1,
      decisionId: 'dec_1',
      regStage: stagesPendingFrom(pending),
      loan: { ...pendingApplication.loan, firstDueDate: '2026-12-21' },
    },
  };
}

/** Answers getApplicationInfo with each given answer in turn, the last one from then on. */
function infoInTurn(...answers: { resultData: ApplicationInfo }[]): Answer {
  let call = 0;
  return () => {
    const answer = answers[Math.min(call, answers.length - 1)];
    call += 1;
    return new Response(JSON.stringify({ status: 200, errorCode: 0, errorMessage: '', ...answer }), {
      headers: { 'Content-Type': 'application/json' },
    });
  };
}

function progress(regStage: string) {
  return {
    resultData: { applicationId: 'app_1', status: 'approved', regStage, pendingStages: [regStage], additionalOperations: [], loanId: '' },
  };
}

async function waitForPath(router: { state: { location: { pathname: string } } }, path: string) {
  await waitFor(() => {
    expect(router.state.location.pathname).toBe(path);
  });
}

describe('/approved', () => {
  it('shows the approved loan, then a PIN is chosen and the applicant moves on to their next stage', async () => {
    signIn();
    answerCalls(fetchMock, {
      '/accountApplication/getApplicationInfo': infoInTurn(approvedAt('setPassword'), approvedAt('setPhone')),
      '/user/setPinCode': { resultData: {} },
    });
    const router = renderAt('/approved');

    expect(await screen.findByRole('heading', { level: 1, name: 'Your loan is approved' })).toBeInTheDocument();
    expect(await screen.findByText('£5,000.00')).toBeInTheDocument();
    expect(screen.getByText('£253.00')).toBeInTheDocument();
    expect(screen.getByText('21.8%')).toBeInTheDocument();
    expect(screen.getByText('21st Dec 2026')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));

    await userEvent.type(await screen.findByLabelText('PIN'), '2468');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await userEvent.type(await screen.findByLabelText('PIN again'), '2468');
    await userEvent.click(screen.getByRole('button', { name: 'Save my PIN' }));

    await waitForPath(router, '/phoneNumber');
    expect(await screen.findByRole('heading', { level: 1, name: 'What is your mobile number?' })).toBeInTheDocument();
  });
});

describe('/phoneNumber and /phoneNumberCode', () => {
  it('checks the number on submit, sends the code and takes a pasted code to the next stage', async () => {
    signIn();
    answerCalls(fetchMock, {
      '/user/sendPhoneVerificationCode': { resultData: { expiresInSeconds: 600 } },
      '/user/phoneVerification': progress('confirmationPayee'),
      '/accountApplication/getApplicationInfo': approvedAt('confirmationPayee'),
    });
    const router = renderAt('/phoneNumber');

    const phone = await screen.findByLabelText('UK mobile number');
    expect(phone).toHaveAttribute('autocomplete', 'tel');
    expect(phone).toHaveAttribute('type', 'tel');
    await userEvent.click(screen.getByRole('button', { name: 'Send the code' }));
    expect(phone).toHaveAccessibleDescription('For example, 07700 900 982 Error: Enter a UK mobile number');
    await waitFor(() => {
      expect(screen.getByRole('alert', { name: 'There is a problem' })).toHaveFocus();
    });
    expect(summaryMessages()).toEqual(['Enter a UK mobile number']);
    await waitFor(() => {
      expect(document.title).toBe('Error: What is your mobile number? – Meadow Loans');
    });

    await userEvent.type(phone, '020 7946 0000');
    await userEvent.click(screen.getByRole('button', { name: 'Send the code' }));
    expect(phone).toHaveAccessibleDescription(
      'For example, 07700 900 982 Error: Enter a UK mobile number, like 07700 900 982 or +44 7700 900 982',
    );
    expect(callsTo(fetchMock, '/user/sendPhoneVerificationCode')).toHaveLength(0);

    await userEvent.clear(phone);
    await userEvent.type(phone, '07700 900 982');
    await userEvent.click(screen.getByRole('button', { name: 'Send the code' }));
    await waitForPath(router, '/phoneNumberCode');
    expect(await bodyOf(fetchMock, '/user/sendPhoneVerificationCode')).toEqual({ phoneNumber: '07700900982' });

    const code = await screen.findByLabelText('Code');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(screen.getByText(/077\*\*\*\*0982/)).toBeInTheDocument();
    await userEvent.type(code, '12');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(code).toHaveAccessibleDescription('Error: The code must be 6 digits');

    await userEvent.clear(code);
    code.focus();
    await userEvent.paste('123 456');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitForPath(router, '/default/disbursal/account');
    expect(await bodyOf(fetchMock, '/user/phoneVerification')).toEqual({ phoneNumber: '07700900982', code: '123456' });
  });

  it('says by the field what the BFF said about the number (no toast for this call)', async () => {
    signIn();
    answerCalls(fetchMock, {
      '/user/sendPhoneVerificationCode': failure(100400, 'This number belongs to another customer.'),
    });
    renderAt('/phoneNumber');

    await userEvent.type(await screen.findByLabelText('UK mobile number'), '07700900982');
    await userEvent.click(screen.getByRole('button', { name: 'Send the code' }));
    expect(await screen.findByRole('link', { name: 'This number belongs to another customer.' })).toBeInTheDocument();
    expect(screen.getByLabelText('UK mobile number')).toHaveAccessibleDescription(
      'For example, 07700 900 982 Error: This number belongs to another customer.',
    );
  });

  it('says a wrong code by the field, sends a new code, and keeps the number across a refresh', async () => {
    signIn();
    keepDraft({ codeSentTo: '07700900982' });
    answerCalls(fetchMock, {
      '/user/phoneVerification': failure(100614, 'The code is wrong. You have 4 tries left.'),
      '/user/sendPhoneVerificationCode': { resultData: { expiresInSeconds: 600 } },
    });
    renderAt('/phoneNumberCode');

    await userEvent.type(await screen.findByLabelText('Code'), '999999');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('link', { name: 'The code is wrong. You have 4 tries left.' })).toBeInTheDocument();
    expect(screen.getByLabelText('Code')).toHaveAccessibleDescription('Error: The code is wrong. You have 4 tries left.');

    await userEvent.click(screen.getByRole('button', { name: 'Send a new code' }));
    expect(await screen.findByText('We have sent you a new code.')).toBeInTheDocument();
    expect(await bodyOf(fetchMock, '/user/sendPhoneVerificationCode')).toEqual({ phoneNumber: '07700900982' });
    // The new code starts afresh: the old one and its message are gone.
    expect(screen.queryByRole('alert', { name: 'There is a problem' })).toBeNull();
    expect(screen.getByLabelText('Code')).toHaveValue('');
    expect(screen.getByLabelText('Code')).not.toHaveAccessibleDescription(/Error/);
  });

  it('says by the code a refused new code, and moves on with a code typed after it', async () => {
    signIn();
    keepDraft({ codeSentTo: '07700900982' });
    answerCalls(fetchMock, {
      '/user/sendPhoneVerificationCode': failure(100429, 'Too many attempts. Please wait 15 minutes and try again.'),
      '/user/phoneVerification': progress('confirmationPayee'),
      '/accountApplication/getApplicationInfo': approvedAt('confirmationPayee'),
    });
    const router = renderAt('/phoneNumberCode');

    await userEvent.click(await screen.findByRole('button', { name: 'Send a new code' }));
    expect(
      await screen.findByRole('link', { name: 'Too many attempts. Please wait 15 minutes and try again.' }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Code')).toHaveAccessibleDescription(
      'Error: Too many attempts. Please wait 15 minutes and try again.',
    );
    expect(screen.queryByText('We have sent you a new code.')).toBeNull();

    await userEvent.type(screen.getByLabelText('Code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitForPath(router, '/default/disbursal/account');
    expect(await bodyOf(fetchMock, '/user/phoneVerification')).toEqual({ phoneNumber: '07700900982', code: '123456' });
  });

  it('sends someone with no code sent in this tab to give their number', async () => {
    signIn();
    answerCalls(fetchMock, {});
    const router = renderAt('/phoneNumberCode');
    await waitForPath(router, '/phoneNumber');
  });
});

describe('/{partner}/disbursal/account and /time', () => {
  async function fillAccount(name: string) {
    await userEvent.type(await screen.findByLabelText('Name on the account'), name);
    await userEvent.type(screen.getByLabelText('Sort code'), '30-94-30');
    await userEvent.type(screen.getByLabelText('Account number'), '00733445');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
  }

  it('lists every missing detail in the summary', async () => {
    signIn();
    answerCalls(fetchMock, {});
    renderAt('/default/disbursal/account');

    await screen.findByLabelText('Name on the account');
    await userEvent.type(screen.getByLabelText('Account number'), '1234');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    const summary = screen.getByRole('alert', { name: 'There is a problem' });
    expect(within(summary).getByRole('link', { name: 'Enter the name on the account' })).toBeInTheDocument();
    expect(within(summary).getByRole('link', { name: 'Enter a sort code' })).toBeInTheDocument();
    expect(within(summary).getByRole('link', { name: 'Enter a valid account number like 00733445' })).toBeInTheDocument();
    expect(screen.getByLabelText('Sort code')).toHaveAccessibleDescription('Must be 6 digits long Error: Enter a sort code');
    await waitFor(() => {
      expect(document.title).toBe('Error: Which account should we pay your loan into? – Meadow Loans');
    });
    expect(callsTo(fetchMock, '/payment/confirmationOfPayee')).toHaveLength(0);
  });

  it('confirms a matching account, then says when the money is paid and moves on', async () => {
    signIn();
    answerCalls(fetchMock, {
      '/payment/confirmationOfPayee': {
        resultData: {
          outcome: 'match',
          reason: '',
          bankAccountName: '',
          confirmed: true,
          payee: { accountName: 'Sam Jones', sortCode: '30-94-30', accountNumberLast4: '3445' },
        },
      },
      '/accountApplication/getApplicationInfo': approvedAt('setCpa'),
    });
    const router = renderAt('/default/disbursal/account');

    await fillAccount('Sam Jones');
    await waitForPath(router, '/default/disbursal/time');
    expect(await bodyOf(fetchMock, '/payment/confirmationOfPayee')).toEqual({
      sortCode: '309430',
      accountNumber: '00733445',
      accountName: 'Sam Jones',
    });
    expect(await screen.findByText('3445')).toBeInTheDocument();
    expect(readDraft().accountNumber).toBeUndefined();

    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitForPath(router, '/connectBank');
  });

  it('asks about a close match and sends the bank’s name when the applicant says yes', async () => {
    signIn();
    let call = 0;
    answerCalls(fetchMock, {
      '/payment/confirmationOfPayee': () => {
        call += 1;
        const resultData =
          call === 1
            ? { outcome: 'close_match', reason: '', bankAccountName: 'Samuel Jones', confirmed: false }
            : { outcome: 'match', reason: '', bankAccountName: '', confirmed: true };
        return new Response(JSON.stringify({ status: 200, errorCode: 0, errorMessage: '', resultData }), {
          headers: { 'Content-Type': 'application/json' },
        });
      },
    });
    const router = renderAt('/default/disbursal/account');

    await fillAccount('Sam Jones');
    expect(await screen.findByRole('heading', { level: 1, name: 'Did you mean Samuel Jones?' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(summaryMessages()).toEqual(['Select whether to use the name the bank holds']);
    expect(screen.getByRole('group', { name: 'Is the account in the name Samuel Jones?' })).toHaveAccessibleDescription(
      'Error: Select whether to use the name the bank holds',
    );
    await waitFor(() => {
      expect(document.title).toBe('Error: Did you mean Samuel Jones? – Meadow Loans');
    });
    await userEvent.click(screen.getByLabelText('Yes, use Samuel Jones'));
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));

    await waitForPath(router, '/default/disbursal/time');
    expect(await bodyOf(fetchMock, '/payment/confirmationOfPayee', 1)).toMatchObject({ accountName: 'Samuel Jones' });
  });

  it('says on the screen when the account does not match, keeping what was typed', async () => {
    signIn();
    answerCalls(fetchMock, {
      '/payment/confirmationOfPayee': {
        resultData: { outcome: 'no_match', reason: 'account_not_found', bankAccountName: '', confirmed: false },
      },
    });
    renderAt('/default/disbursal/account');

    await fillAccount('Sam Jones');
    const message =
      'We could not find an account with this sort code and account number. Check them and try again.';
    expect(await screen.findByRole('link', { name: message })).toBeInTheDocument();
    expect(screen.getByLabelText('Name on the account')).toHaveAccessibleDescription(`Error: ${message}`);
    expect(screen.getByLabelText('Account number')).toHaveValue('00733445');
    expect(readDraft()).toMatchObject({ accountName: 'Sam Jones', sortCode: '30-94-30', accountNumber: '00733445' });
  });
});

describe('/connectBank and /pay/acquired-setcpa', () => {
  it('explains the payment authority and opens the checkout, keeping its id in this tab', async () => {
    signIn();
    answerCalls(fetchMock, {
      '/payment/createCpaLink': {
        resultData: { paymentLinkId: 'plink_1', url: '#checkout', expiresAt: '2026-11-22T03:00:00Z' },
      },
    });
    renderAt('/connectBank');

    expect(await screen.findByText(/continuous\s+payment authority/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add my debit card' }));
    await waitFor(() => {
      expect(readDraft().paymentLinkId).toBe('plink_1');
    });
  });

  it('moves on when the card is kept', async () => {
    signIn();
    keepDraft({ paymentLinkId: 'plink_1' });
    answerCalls(fetchMock, {
      '/payment/paymentSessionInfo': {
        resultData: {
          paymentLinkId: 'plink_1',
          purpose: 'cpa',
          status: 'succeeded',
          declineReason: '',
          cpaAttached: true,
          application: progress('signature').resultData,
        },
      },
      '/accountApplication/getApplicationInfo': approvedAt('signature'),
    });
    const router = renderAt('/pay/acquired-setcpa?status=succeeded');

    await waitForPath(router, '/sign');
    expect(new URL(callsTo(fetchMock, '/payment/paymentSessionInfo')[0]?.url ?? '').searchParams.get('paymentLinkId')).toBe(
      'plink_1',
    );
  });

  it('says a declined card plainly and offers another try', async () => {
    signIn();
    keepDraft({ paymentLinkId: 'plink_1' });
    answerCalls(fetchMock, {
      '/payment/paymentSessionInfo': {
        resultData: {
          paymentLinkId: 'plink_1',
          purpose: 'cpa',
          status: 'declined',
          declineReason: 'insufficient_funds',
          cpaAttached: false,
          application: progress('setCpa').resultData,
        },
      },
      '/payment/createCpaLink': {
        resultData: { paymentLinkId: 'plink_2', url: '#checkout', expiresAt: '2026-11-22T03:00:00Z' },
      },
    });
    renderAt('/pay/acquired-setcpa');

    expect(await screen.findByRole('heading', { level: 2, name: 'Your card was not added' })).toBeInTheDocument();
    expect(screen.getAllByText('Your card was declined by your bank. Try a different debit card.')).not.toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Try again with a card' }));
    await waitFor(() => {
      expect(readDraft().paymentLinkId).toBe('plink_2');
    });
  });
});

describe('/commission-consent', () => {
  const disclosure = {
    required: true,
    brokerFirm: 'Acme Brokers',
    amountPence: 12_345,
    disclosure: 'We pay Acme Brokers a commission for introducing you.',
    consented: false,
  };

  it('asks for consent before accepting it, then moves on', async () => {
    signIn();
    answerCalls(fetchMock, {
      '/application/commissionInfo': { resultData: disclosure },
      '/application/commissionConsent': progress('signature'),
      '/accountApplication/getApplicationInfo': approvedAt('signature'),
    });
    const router = renderAt('/commission-consent');

    expect(await screen.findByText(disclosure.disclosure)).toBeInTheDocument();
    expect(screen.getByText('£123.45')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(summaryMessages()).toEqual(['Select that you agree to the commission to continue']);
    expect(screen.getByRole('checkbox', { name: /I understand and agree/ })).toHaveAccessibleDescription(
      'Error: Select that you agree to the commission to continue',
    );
    expect(callsTo(fetchMock, '/application/commissionConsent')).toHaveLength(0);

    await userEvent.click(screen.getByLabelText('I understand and agree that Acme Brokers is paid this commission'));
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitForPath(router, '/sign');
    expect(await bodyOf(fetchMock, '/application/commissionConsent')).toEqual({ accept: true });
  });

  it('moves on when there is no broker', async () => {
    signIn();
    answerCalls(fetchMock, {
      '/application/commissionInfo': { resultData: { ...disclosure, required: false, brokerFirm: '', amountPence: 0 } },
      '/accountApplication/getApplicationInfo': approvedAt('signature'),
    });
    const router = renderAt('/commission-consent');
    await waitForPath(router, '/sign');
  });

  it('leads to commission-data-error when the disclosure cannot be read, from which it can be tried again', async () => {
    signIn();
    answerCalls(fetchMock, { '/application/commissionInfo': failure(100400, 'No commission data.') });
    const router = renderAt('/commission-consent');

    await waitForPath(router, '/commission-data-error');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'We could not load your broker’s commission' }),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Try again' }));
    await waitForPath(router, '/commission-data-error');
  });
});

const SHA = 'a'.repeat(64);

function pdfAnswer(): Response {
  return new Response(new Uint8Array([0x25, 0x50, 0x44, 0x46]), {
    headers: { 'Content-Type': 'application/pdf', 'X-Document-Sha256': SHA },
  });
}

/** The SHA-256 of the four bytes pdfAnswer sends ("%PDF"). */
const PDF_SHA = '315d429b7714cedb6ad04ac31240145257692630457f3c88253c5beceac76027';

/** pdfAnswer's bytes with their true digest: /PdfSign shows only bytes that match it. */
function checkedPdfAnswer(): Response {
  const answer = pdfAnswer();
  const headers = new Headers(answer.headers);
  headers.set('X-Document-Sha256', PDF_SHA);
  return new Response(answer.body, { headers });
}

function documentAnswer(request: Request): Promise<Response> {
  return request.json().then((body: { page: string }) => {
    const resultData = {
      page: body.page,
      title: `Title of ${body.page}`,
      html: `<p>Text of ${body.page}</p><script>alert(1)</script>`,
    };
    return new Response(JSON.stringify({ status: 200, errorCode: 0, errorMessage: '', resultData }), {
      headers: { 'Content-Type': 'application/json' },
    });
  });
}

describe('/sign and /PdfSign', () => {
  it('shows the three documents sanitised and signs with the typed name and the agreement’s digest', async () => {
    signIn();
    answerCalls(fetchMock, {
      '/account/getReplaceContent': documentAnswer,
      '/account/generateReviewContract': pdfAnswer,
      '/account/signaturePdf': progress('idv'),
      '/accountApplication/getApplicationInfo': approvedAt('idv'),
    });
    const router = renderAt('/sign');

    expect(await screen.findByRole('heading', { level: 2, name: 'Title of loan-agreement' })).toBeInTheDocument();
    expect(screen.getByText('Text of about-your-loan')).toBeInTheDocument();
    expect(screen.getByText('Text of loan-key-facts')).toBeInTheDocument();
    expect(document.querySelector('script')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Sign the agreement' }));
    expect(screen.getByLabelText('Your full name')).toHaveAccessibleDescription(
      'Typing your name here is your signature. It must match the name on your application. Error: Enter your full name to sign the agreement',
    );
    await waitFor(() => {
      expect(document.title).toBe('Error: Sign your credit agreement – Meadow Loans');
    });

    await userEvent.type(screen.getByLabelText('Your full name'), ' Sam Jones ');
    await userEvent.click(screen.getByRole('button', { name: 'Sign the agreement' }));
    await waitForPath(router, '/identity_start');
    expect(await bodyOf(fetchMock, '/account/signaturePdf')).toEqual({ signerName: 'Sam Jones', documentSha256: SHA });
  });

  it('says a refused signature by the field and keeps the name', async () => {
    signIn();
    answerCalls(fetchMock, {
      '/account/getReplaceContent': documentAnswer,
      '/account/generateReviewContract': pdfAnswer,
      '/account/signaturePdf': failure(100400, 'The name must be the name on your application.'),
    });
    renderAt('/sign');

    await userEvent.type(await screen.findByLabelText('Your full name'), 'Someone Else');
    await userEvent.click(screen.getByRole('button', { name: 'Sign the agreement' }));
    expect(
      await screen.findByRole('link', { name: 'The name must be the name on your application.' }),
    ).toBeInTheDocument();
    expect(await screen.findByLabelText('Your full name')).toHaveValue('Someone Else');
    expect(screen.getByLabelText('Your full name')).toHaveAccessibleDescription(
      'Typing your name here is your signature. It must match the name on your application. Error: The name must be the name on your application.',
    );
    // The documents are read again, as the agreement may have changed; then it can be signed again.
    await waitFor(() => {
      expect(callsTo(fetchMock, '/account/generateReviewContract')).toHaveLength(2);
    });
    expect(await screen.findByRole('heading', { level: 2, name: 'Title of loan-agreement' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign the agreement' })).toBeEnabled();
    expect(screen.getByRole('link', { name: 'The name must be the name on your application.' })).toBeInTheDocument();
  });

  it('offers the agreement as a download while its pages are drawn, and says when they cannot be', async () => {
    signIn();
    // Four bytes that open like a PDF but are none: pdf.js cannot draw them.
    answerCalls(fetchMock, { '/account/generateReviewContract': checkedPdfAnswer });
    renderAt('/PdfSign');

    const link = await screen.findByRole('link', { name: 'Download your credit agreement (PDF, 1 KB)' });
    expect(link).toHaveAttribute('download', 'credit-agreement.pdf');
    expect(link.getAttribute('href')).toMatch(/^blob:/);
    expect(screen.getByText('Showing your agreement')).toBeInTheDocument();

    expect(
      await screen.findByText('We could not show your agreement on this page. Download it to read it.'),
    ).toHaveAttribute('role', 'alert');
    expect(screen.queryByText('Showing your agreement')).toBeNull();
    expect(screen.getByRole('link', { name: 'Download your credit agreement (PDF, 1 KB)' })).toBe(link);
    expect(screen.getByRole('link', { name: 'Go back to sign it' })).toBeInTheDocument();
  });

  it('shows nothing of an agreement whose bytes do not match its digest, and loads it again on request', async () => {
    signIn();
    let call = 0;
    answerCalls(fetchMock, {
      '/account/generateReviewContract': () => {
        call += 1;
        return call === 1 ? pdfAnswer() : checkedPdfAnswer();
      },
    });
    renderAt('/PdfSign');

    expect(await screen.findByText('Your agreement did not load in full.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Download your credit agreement/ })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));

    expect(await screen.findByRole('link', { name: /Download your credit agreement \(PDF/ })).toBeInTheDocument();
    expect(screen.queryByText('Your agreement did not load in full.')).toBeNull();
    expect(callsTo(fetchMock, '/account/generateReviewContract')).toHaveLength(2);
  });
});

describe('/identity_start, /idv/post_idv and /signOver', () => {
  function idvResult(checkStatus: string, reasons: string[] = []) {
    return {
      resultData: { checkId: 'idc_1', checkStatus, reasons, application: progress('').resultData },
    };
  }

  it('moves on from a passed check to signOver, which opens the loan and leads to the dashboard', async () => {
    signIn();
    answerCalls(fetchMock, {
      '/application/render/completeIdv': idvResult('passed'),
      '/accountApplication/getApplicationInfo': approvedAt(undefined),
      '/application/drawdown': progress(''),
    });
    const router = renderAt('/idv/post_idv?checkId=idc_1&status=passed');

    await waitForPath(router, '/signOver');
    expect(await bodyOf(fetchMock, '/application/render/completeIdv')).toEqual({ checkId: 'idc_1' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Your money is on its way' })).toBeInTheDocument();
    expect(callsTo(fetchMock, '/application/drawdown').length).toBeGreaterThan(0);
    await userEvent.click(screen.getByRole('link', { name: 'Go to my loan' }));
    await waitForPath(router, '/loanDashboard/main');
  });

  it('says why a check failed and offers a new one', async () => {
    signIn();
    answerCalls(fetchMock, {
      '/application/render/completeIdv': idvResult('failed', ['face_mismatch']),
    });
    renderAt('/idv/post_idv?checkId=idc_1');

    expect(await screen.findByText('Your photo did not match the photo on your document.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try the check again' })).toBeInTheDocument();
  });

  it('sends a return without a check to the start', async () => {
    signIn();
    answerCalls(fetchMock, {});
    const router = renderAt('/idv/post_idv');
    await waitForPath(router, '/identity_start');
    expect(await screen.findByRole('button', { name: 'Start the check' })).toBeInTheDocument();
  });
});
