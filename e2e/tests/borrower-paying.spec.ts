import type { APIRequestContext, Page } from '@playwright/test';
import { heading, payAtCheckout, pounds } from '../fixtures/journey-steps';
import {
  coreDocuments,
  coreLoans,
  coreSchedule,
  coreTransactions,
  downloadedFile,
  expectPdfDrawn,
  personaCustomerId,
  signInWithPin,
} from '../fixtures/loan-account';
import type { CoreLoan } from '../fixtures/loan-account';
import { newestMessage, personaEmail } from '../fixtures/mailbox';
import { expect, test } from '../fixtures/test';

// Issue 17's paying an amount (§1, §2, §5): a seeded borrower (sandbox/README.md "Personas", who has a Visa ending
// 4242 on file) pays by card on file or on the gateway's hosted checkout. Every figure is the lending core's, each
// payment is one repayment there, and each has its receipt.

const PERSONA = 'up-to-date';
const DASHBOARD = /#\/loanDashboard\/main$/;

async function theLoan(request: APIRequestContext, sandboxURL: string): Promise<CoreLoan> {
  const [loan] = await coreLoans(request, sandboxURL, personaCustomerId(PERSONA));
  if (loan === undefined) throw new Error(`${PERSONA} has a loan`);
  return loan;
}

/** The card payments the lending core has recorded on the loan (the seeded history's are collections, by `cpa`). */
async function repayments(request: APIRequestContext, sandboxURL: string, loanId: string) {
  return (await coreTransactions(request, sandboxURL, loanId)).filter(
    (posting) => posting.type === 'repayment' && posting.method === 'card',
  );
}

/** The loan's next instalment (an active loan has one). */
function nextPaymentOf(loan: CoreLoan): { dueDate: string; amountPence: number } {
  if (loan.nextPayment === undefined) throw new Error('an active loan has a next payment');
  return loan.nextPayment;
}

/** Signs the persona in, and goes from the dashboard to /make-a-payment. */
async function signInToMakeAPayment(page: Page): Promise<void> {
  await signInWithPin(page, personaEmail(PERSONA));
  await expect(page).toHaveURL(DASHBOARD);
  await openMakeAPayment(page);
}

/** From the dashboard, through "Manage your loan", to /make-a-payment. */
async function openMakeAPayment(page: Page): Promise<void> {
  await page.getByRole('link', { name: 'Manage your loan' }).click();
  await expect(heading(page)).toHaveText('Manage your loan');
  await page.getByRole('link', { name: 'Make a payment' }).click();
  await expect(heading(page)).toHaveText('Make a payment');
}

/** On /make-a-payment: chooses what to pay, and goes on. */
async function choose(page: Page, choice: string | RegExp, amount?: string): Promise<void> {
  await page.getByRole('radio', { name: choice }).check();
  if (amount !== undefined) await page.getByLabel('How much do you want to pay?').fill(amount);
  await page.getByRole('button', { name: 'Continue' }).click();
}

test('a borrower in arrears pays them with a new card on the checkout: the arrears clear, a receipt arrives and the dashboard shows it', async ({
  page,
  request,
  sandboxURL,
  checkScreen,
}) => {
  test.setTimeout(180_000);
  const moved = await request.post(`${sandboxURL}/_sandbox/clock`, { data: { advance: `${40 * 24}h` } });
  expect(moved.status()).toBe(200);
  const before = await theLoan(request, sandboxURL);
  const arrears = before.arrears.amountPence;
  expect(arrears, 'a missed instalment after 40 days without paying').toBeGreaterThan(0);

  await signInToMakeAPayment(page);
  await checkScreen('borrower-paying-make-a-payment');
  await choose(page, `Your arrears: ${pounds(arrears)}`);

  // The card on file is offered first; this borrower pays with a new card instead.
  await expect(heading(page)).toHaveText('Pay with your card');
  await expect(page.getByText(`Pay ${pounds(arrears)} with your Visa card ending 4242`)).toBeVisible();
  await checkScreen('borrower-paying-card-on-file');
  await page.getByRole('link', { name: 'Pay with a new card' }).click();
  await expect(heading(page)).toHaveText('Pay with a new card');
  await checkScreen('borrower-paying-new-card');
  await page.getByRole('button', { name: 'Continue' }).click();

  await payAtCheckout(page, '4242 4242 4242 4242', arrears, 'P Ashby', checkScreen);
  await expect(page).toHaveURL(/#\/payment-result/);
  await expect(heading(page)).toHaveText('Payment received');
  const after = await theLoan(request, sandboxURL);
  expect(after.arrears.amountPence).toBe(0);
  expect(after.balancePence).toBe(before.balancePence - arrears);
  await expect(page.getByRole('main')).toContainText(pounds(after.balancePence));
  await checkScreen('borrower-paying-received');

  const paid = await repayments(request, sandboxURL, before.id);
  expect(paid.map((posting) => posting.amountPence)).toEqual([-arrears]);
  const receipt = await newestMessage(request, sandboxURL, personaEmail(PERSONA));
  expect(receipt.subject).toMatch(/^Your payment receipt – /);
  expect(receipt.text).toContain(`card payment of ${pounds(arrears)} towards your missed payments`);
  expect(receipt.text).toContain(`You now owe ${pounds(after.balancePence)}.`);

  await page.goto('/#/loanDashboard/main');
  await expect(heading(page)).toHaveText('Your loan');
  await expect(page.getByRole('region', { name: /^You have missed/ })).toHaveCount(0);
});

test('a card the bank declines is said plainly, and another card then pays: one repayment', async ({
  page,
  request,
  sandboxURL,
  checkScreen,
}) => {
  test.setTimeout(180_000);
  const before = await theLoan(request, sandboxURL);
  const next = nextPaymentOf(before);

  await signInToMakeAPayment(page);
  await choose(page, /^Your next instalment: /);
  await page.getByRole('link', { name: 'Pay with a new card' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();

  await payAtCheckout(page, '4000 0000 0000 9995', next.amountPence);
  await expect(heading(page)).toHaveText('Your payment did not go through');
  await expect(page.getByRole('alert').filter({ hasText: 'was not taken' })).toContainText('not enough money in the account');
  await checkScreen('borrower-paying-declined');
  expect(await repayments(request, sandboxURL, before.id)).toEqual([]);

  await page.getByRole('link', { name: 'Try again' }).click();
  await expect(heading(page)).toHaveText('Pay with a new card');
  await page.getByRole('button', { name: 'Continue' }).click();
  await payAtCheckout(page, '4242 4242 4242 4242', next.amountPence);
  await expect(heading(page)).toHaveText('Payment received');
  expect((await repayments(request, sandboxURL, before.id)).map((posting) => posting.amountPence)).toEqual([-next.amountPence]);
});

test('an overpayment with the card on file shortens the term, and the schedule shows it', async ({
  page,
  request,
  sandboxURL,
  checkScreen,
}) => {
  test.setTimeout(180_000);
  const before = await theLoan(request, sandboxURL);
  const scheduleBefore = await coreSchedule(request, sandboxURL, before.id);
  // The next instalment and as much again as two instalments: more than is due, so the rest is an overpayment.
  const amount = nextPaymentOf(before).amountPence + 2 * before.monthlyInstalmentPence;

  await signInToMakeAPayment(page);
  await page.getByRole('radio', { name: 'Another amount' }).check();
  await expect(page.getByText('Paying more than is due is an overpayment.')).toBeVisible();
  await checkScreen('borrower-paying-another-amount');
  await choose(page, 'Another amount', pounds(amount));

  await expect(heading(page)).toHaveText('Pay with your card');
  await page.getByRole('button', { name: `Pay ${pounds(amount)} now` }).click();
  await expect(heading(page)).toHaveText('Payment received');

  const after = await theLoan(request, sandboxURL);
  const scheduleAfter = await coreSchedule(request, sandboxURL, before.id);
  expect(after.finalDueDate < before.finalDueDate, 'the term is shorter').toBe(true);
  expect(scheduleAfter.length).toBeLessThan(scheduleBefore.length);

  await page.goto('/#/loan-schedule');
  await expect(heading(page)).toHaveText('Your repayment schedule');
  await expect(page.getByRole('table').getByRole('row')).toHaveCount(scheduleAfter.length + 1);
});

test('a double click, and a refresh after the answer was lost, each take one payment', async ({
  page,
  request,
  sandboxURL,
  pageErrors,
}) => {
  test.setTimeout(180_000);
  const loan = await theLoan(request, sandboxURL);

  // A double click on Pay: one charge, one repayment.
  await signInToMakeAPayment(page);
  await choose(page, 'Another amount', '25.00');
  await page.getByRole('button', { name: 'Pay £25.00 now' }).dblclick();
  await expect(heading(page)).toHaveText('Payment received');
  expect((await repayments(request, sandboxURL, loan.id)).map((posting) => posting.amountPence)).toEqual([-2500]);

  // The BFF takes the payment but its answer never reaches the browser; the borrower refreshes and presses Pay
  // again. The same key goes with it, so the BFF answers the payment it took rather than charging again.
  await page.goto('/#/loanDashboard/main');
  await openMakeAPayment(page);
  await choose(page, 'Another amount', '30.00');
  let lost = false;
  await page.route('**/api/v2/lender/payment/createPayment', async (route) => {
    if (lost) return route.continue();
    lost = true;
    await route.fetch();
    return route.abort('connectionreset');
  });
  await page.getByRole('button', { name: 'Pay £30.00 now' }).click();
  await expect.poll(async () => (await repayments(request, sandboxURL, loan.id)).length, 'the payment the BFF took').toBe(2);
  // The borrower is told the answer did not come (spec §8's words for a call with no answer).
  await expect(page.getByRole('alert').filter({ hasText: 'Access timed out, please try again or check the network' })).toBeVisible();
  expect(pageErrors).toEqual(['console: Failed to load resource: net::ERR_CONNECTION_RESET']);
  pageErrors.length = 0;
  await page.reload();
  await expect(heading(page)).toHaveText('Pay with your card');
  await page.getByRole('button', { name: 'Pay £30.00 now' }).click();
  await expect(heading(page)).toHaveText('Payment received');
  expect((await repayments(request, sandboxURL, loan.id)).map((posting) => posting.amountPence)).toEqual([-2500, -3000]);
});

test('early settlement with the card on file: the figure is the lending core’s, the loan is repaid and its settlement letter arrives', async ({
  page,
  request,
  sandboxURL,
  checkScreen,
}) => {
  test.setTimeout(180_000);
  const loan = await theLoan(request, sandboxURL);
  // The lending core's own quote today, asked independently of the app: the screen must show the same figure.
  const quoted = await request.post(`${sandboxURL}/lending/v1/loans/${loan.id}/settlement-quotes`, { data: {} });
  expect(quoted.status()).toBe(201);
  const quote = (await quoted.json()) as { totalToSettlePence: number; rebatePence: number; settlementAmountPence: number };

  await signInWithPin(page, personaEmail(PERSONA));
  await expect(page).toHaveURL(DASHBOARD);
  await page.getByRole('link', { name: 'Manage your loan' }).click();
  await page.getByRole('link', { name: 'Repay your loan early' }).click();
  await expect(heading(page)).toHaveText('Repay your loan early');
  const figures = page.getByRole('main').locator('dl');
  await expect(figures).toContainText(pounds(quote.totalToSettlePence));
  await expect(figures).toContainText(pounds(quote.rebatePence));
  await expect(figures).toContainText(pounds(quote.settlementAmountPence));
  await checkScreen('borrower-settle-figure');

  await page.getByRole('radio', { name: 'By debit card' }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(heading(page)).toHaveText('Choose a card to settle with');
  await page.getByRole('radio', { name: /Visa card ending 4242/ }).check();
  await checkScreen('borrower-settle-card-select');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(heading(page)).toHaveText('Settle your loan');
  await checkScreen('borrower-settle-confirm');
  await page.getByRole('button', { name: `Pay ${pounds(quote.totalToSettlePence)} to settle your loan` }).click();

  await expect(heading(page)).toHaveText('Your loan is repaid');
  await expect(page.getByRole('main')).toContainText('£0.00');
  await checkScreen('borrower-settle-repaid');
  const [settled] = await coreLoans(request, sandboxURL, personaCustomerId(PERSONA));
  expect(settled?.status).toBe('settled');
  expect(settled?.balancePence).toBe(0);
  const receipt = await newestMessage(request, sandboxURL, personaEmail(PERSONA));
  expect(receipt.text).toContain('Your loan is now repaid');

  // The settlement letter is among the loan's documents, and its PDF is the lending core's.
  const letter = (await coreDocuments(request, sandboxURL, loan.id)).find((document) => document.kind === 'settlement-letter');
  if (letter === undefined) throw new Error('the lending core keeps a settlement letter once the loan is settled early');
  await page.goto('/#/legal-documents');
  await expect(heading(page)).toHaveText('Your loan documents');
  await page.getByRole('link', { name: letter.title }).click();
  await expect(page).toHaveURL(/#\/pdf-view\?document=/);
  await expectPdfDrawn(page);
  const file = await downloadedFile(page, /^Download this document/);
  expect(file.sha256).toBe(letter.pdfSha256);
});
