import type { APIRequestContext, Page } from '@playwright/test';
import {
  answerAddressAndHousing,
  answerIncome,
  answerQuestions,
  choosePin,
  confirmationLink,
  confirmPayee,
  connectBankAtSandbox,
  consentAndCheck,
  continueButton,
  expectLoanFigures,
  getQuote,
  heading,
  newestLoan,
  passIdentityCheck,
  penceOf,
  percentOf,
  quoteOnScreen,
  setPhone,
  setUpCardPayments,
  signAgreement,
  valueOf,
} from '../fixtures/journey-steps';
import { expect, test } from '../fixtures/test';

// A loan's life as its borrower sees it (issue 14, items 2 and 5): a counteroffer taken at the eligibility
// check is the loan on every screen after it, and once the loan is paid out the mailbox holds the e-mails of
// the approval, the signature and the payout, and the agreement is the one signed, never re-dated.

/** The figures of an offer or a loan that every screen must agree on. */
interface Figures {
  amountPence: number;
  instalmentPence: number;
  apr: string;
}

/** The value of the row headed `label` in a document's facts table, inside `scope`. */
function factOf(scope: ReturnType<Page['getByRole']>, page: Page, label: string) {
  return scope
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: label, exact: true }) })
    .getByRole('cell')
    .first();
}

/** What the agreement says of these, as the borrower reads it. */
const AGREEMENT_FACTS = ['Date', 'Amount of credit', 'Monthly repayment', 'First repayment', 'APR', 'Total amount payable'] as const;

async function agreementFacts(scope: ReturnType<Page['getByRole']>, page: Page): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const label of AGREEMENT_FACTS) {
    out[label] = ((await factOf(scope, page, label).textContent()) ?? '').trim();
  }
  return out;
}

/** The e-mails the sandbox captured for `email`, by template. */
async function mailTemplates(request: APIRequestContext, sandboxURL: string, email: string): Promise<Record<string, number>> {
  const answer = await request.get(`${sandboxURL}/notify/v1/messages`, { params: { to: email, kind: 'email', limit: 50 } });
  const { messages } = (await answer.json()) as { messages: { template?: string }[] };
  const out: Record<string, number> = {};
  for (const m of messages) out[m.template ?? ''] = (out[m.template ?? ''] ?? 0) + 1;
  return out;
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** An ISO date as the lending core's documents write it: `2026-12-27` → `27 December 2026`. */
function documentDate(iso: string): string {
  const [year, month, day] = iso.split('-').map(Number) as [number, number, number];
  return `${day} ${MONTHS[month - 1] ?? ''} ${year}`;
}

test('a counteroffer taken at the eligibility check is the loan from the confirm screen to the dashboard, and the mails and the signed agreement follow', async ({
  page,
  request,
  sandboxURL,
  checkScreen,
}) => {
  test.setTimeout(600_000);
  const email = 'sam.lee.lifecycle+counteroffer@example.com';
  const screen = (name: string) => checkScreen(`borrower-lifecycle-${name}`);

  // Asks for £5,000 over 24 months; the soft check offers 60% of it: £3,000 over the same term.
  await getQuote(page, undefined, '5,000', '24 months');
  await answerQuestions(page, email);
  await answerAddressAndHousing(page);
  await consentAndCheck(page);
  await expect(page).toHaveURL(/#\/counteroffer$/);
  await expect(page.getByText('We cannot lend you £5,000, but we can offer you this loan.')).toBeVisible();
  const offer: Figures = {
    amountPence: penceOf((await valueOf(page, 'Amount').textContent()) ?? ''),
    instalmentPence: penceOf((await valueOf(page, 'Monthly instalment').textContent()) ?? ''),
    apr: percentOf((await valueOf(page, 'Representative APR').textContent()) ?? ''),
  };
  expect(offer.amountPence).toBe(300_000);
  await expect(valueOf(page, 'Term')).toHaveText('24 months');
  await screen('counteroffer');
  await page.getByRole('button', { name: 'Accept this offer' }).click();

  // The confirm screen is the offer.
  await expect(page).toHaveURL(/#\/quote_review_b$/);
  const confirm = await quoteOnScreen(page);
  expect({ amountPence: penceOf(confirm.amount), instalmentPence: penceOf(confirm.monthlyInstalment), apr: percentOf(confirm.apr) }).toEqual(offer);
  expect(confirm.term).toBe('24 months');
  await screen('quote');
  await page.getByRole('button', { name: 'Confirm my loan' }).click();

  // The one-page steps, as the full journey takes them.
  await expect(heading(page)).toHaveText('Confirm your e-mail address');
  await page.goto(await confirmationLink(request, sandboxURL, email));
  await expect(heading(page)).toHaveText('Your housing');
  await page.getByLabel('Standing order').check();
  await continueButton(page).click();
  await expect(heading(page)).toHaveText('Check your addresses');
  await continueButton(page).click();
  await expect(heading(page)).toHaveText('Your income');
  await answerIncome(page);
  await connectBankAtSandbox(page);

  // Submission shows the offer, and does not offer it again: the loan is approved.
  await expect(valueOf(page, 'Loan')).toHaveText('£3,000.00 over 24 months');
  expect(penceOf((await valueOf(page, 'Monthly instalment').textContent()) ?? '')).toBe(offer.instalmentPence);
  expect(percentOf((await valueOf(page, 'Total payable').textContent()) ?? '')).toBe(offer.apr);
  await screen('submit');
  await page.getByRole('button', { name: 'Send my application' }).click();
  await expect(page).toHaveURL(/#\/application-submitted$/);
  await expect(page.getByRole('heading', { name: 'Your loan is approved' })).toBeVisible();
  await expect(page.getByText('We can offer you a smaller loan')).toHaveCount(0);
  await screen('submitted');
  await continueButton(page).click();

  await expect(page).toHaveURL(/#\/approved$/);
  await expect(valueOf(page, 'Amount')).toHaveText('£3,000.00');
  expect(penceOf((await valueOf(page, 'Monthly instalment').textContent()) ?? '')).toBe(offer.instalmentPence);
  expect(percentOf((await valueOf(page, 'Representative APR').textContent()) ?? '')).toBe(offer.apr);
  await screen('approved');
  await continueButton(page).click();
  await choosePin(page, '2468');
  await setPhone(page, request, sandboxURL, '07700 900 778');
  await confirmPayee(page, 'Sam Lee');
  await setUpCardPayments(page, 'S Lee');

  // The agreement as it is signed: its date and figures, read on the sign screen.
  await expect(page).toHaveURL(/#\/sign$/);
  const toSign = page.getByRole('region', { name: 'Fixed-sum loan agreement' });
  await expect(factOf(toSign, page, 'Amount of credit')).toHaveText('£3,000.00');
  const signedFacts = await agreementFacts(toSign, page);
  expect(penceOf(signedFacts['Monthly repayment'] ?? '')).toBe(offer.instalmentPence);
  expect(percentOf(signedFacts.APR ?? '')).toBe(offer.apr);
  await expect(toSign).toContainText('Signature of the borrower: not yet signed.');
  await screen('sign');
  await signAgreement(page, 'Sam Lee');
  await passIdentityCheck(page);

  // The dashboard shows the £3,000 loan at the offer's instalment and APR, as the lending core opened it, with
  // the first repayment the agreement gave.
  await expect(page).toHaveURL(/#\/loanDashboard\/main$/);
  await expect(valueOf(page, 'Amount borrowed')).toHaveText('£3,000.00');
  expect(penceOf((await valueOf(page, 'Monthly instalment').textContent()) ?? '')).toBe(offer.instalmentPence);
  await expect(valueOf(page, 'APR')).toHaveText(`${offer.apr}%`);
  const loan = await newestLoan(request, sandboxURL, email);
  await expectLoanFigures(page, loan);
  expect(documentDate(loan.nextPayment?.dueDate ?? '')).toBe(signedFacts['First repayment']);
  await screen('dashboard');

  // The application's screens belong to the past now: typed or kept in the history, each leads to the loan.
  for (const past of ['/#/all_done', '/#/signOver', '/#/sign', '/#/quote_review_b', '/#/approved']) {
    await page.goto(past);
    await expect(page, `${past} after payout`).toHaveURL(/#\/loanDashboard\/main$/);
    await expect(heading(page)).toHaveText('Your loan');
  }
  await expect(page.getByRole('navigation', { name: 'Your account' }).getByRole('link', { name: 'Your loan' })).toHaveAttribute(
    'aria-current',
    'page',
  );

  // The mails: one each for the approval, the signature and the payout (and no second offer).
  await expect
    .poll(() => mailTemplates(request, sandboxURL, email), { message: 'the lifecycle e-mails', timeout: 15_000 })
    .toMatchObject({ 'application-approved': 1, 'agreement-signed': 1, 'loan-paid-out': 1 });
  expect(await mailTemplates(request, sandboxURL, email)).not.toHaveProperty('application-counteroffered');

  // The sandbox mailbox shows them; the signature's mail leads to the signed agreement.
  await page.goto('/#/email-box');
  await page.getByLabel('E-mail address or mobile number').fill(email);
  await page.getByRole('button', { name: 'Search' }).click();
  const results = page.getByRole('region', { name: `Messages to ${email}` });
  for (const subject of [
    'Your loan is approved – Meadow Loans',
    'Your signed credit agreement – Meadow Loans',
    'Your loan has been paid out – Meadow Loans',
  ]) {
    await expect(results.getByRole('button', { name: subject })).toBeVisible();
  }
  await screen('mailbox');
  await results.getByRole('button', { name: 'Your loan has been paid out – Meadow Loans' }).click();
  await expect(page.getByRole('article')).toContainText('We have paid £3,000 into your account ending 6819.');
  await expect(page.getByRole('article')).toContainText(`Your first repayment of £`);
  await results.getByRole('button', { name: 'Your signed credit agreement – Meadow Loans' }).click();
  const mail = page.getByRole('article');
  await expect(mail).toContainText('You signed your credit agreement on');
  await expect(mail).toContainText('Amount: £3,000');
  await screen('mail-signed');
  await mail.getByRole('link', { name: 'Read your signed agreement' }).click();

  // The signed agreement: the same date and figures as on the sign screen, with the signature, and nothing
  // about signing it still to come.
  await expect(page).toHaveURL(/#\/loan-agreement$/);
  await expect(heading(page)).toHaveText('Fixed-sum loan agreement');
  await expect(page.getByText(/^This is the credit agreement you signed on .+, kept as you signed it\./)).toBeVisible();
  await expect(page.getByText(/before you sign/i)).toHaveCount(0);
  const kept = page.getByRole('article');
  await expect(kept).toContainText('Signed electronically by the borrower, Sam Lee,');
  expect(await agreementFacts(kept, page)).toEqual(signedFacts);
  await expect(page.getByRole('link', { name: /^Download your signed credit agreement \(PDF, \d+ KB\)$/ })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '#/loanDashboard/main');
  await screen('signed-agreement');

  // Days later it is still the agreement signed, never re-dated.
  const moved = await request.post(`${sandboxURL}/_sandbox/clock`, { data: { advance: '72h' } });
  expect(moved.status()).toBe(200);
  await page.reload();
  await expect(page.getByRole('article')).toContainText('Signed electronically by the borrower, Sam Lee,');
  expect(await agreementFacts(page.getByRole('article'), page)).toEqual(signedFacts);
});
