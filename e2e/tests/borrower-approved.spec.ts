import type { APIRequestContext, Page } from '@playwright/test';
import { codeIn, newestMessage, signInWithEmailCode } from '../fixtures/mailbox';
import { expect, test } from '../fixtures/test';

/** Signs a seeded persona in with a code from the sandbox mailbox; they resume at their stage's screen. */
async function signIn(page: Page, request: APIRequestContext, sandboxURL: string, email: string, resumesAt: string) {
  await signInWithEmailCode(page, request, sandboxURL, email);
  await expect(page).toHaveURL(new RegExp(`#${resumesAt}$`));
}

/** Fills the sandbox checkout's card form and submits it. */
async function payByCard(page: Page, cardNumber: string) {
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Save a card');
  await page.getByLabel('Card number').fill(cardNumber);
  await page.getByLabel('Expiry date').fill('12/30');
  await page.getByLabel('Name on card').fill('P Ashby');
  await page.getByLabel('Card security code').fill('123');
  await page.getByRole('button', { name: 'Save card' }).click();
}

interface LendingLoan {
  id: string;
  balancePence: number;
  aprPercent: string;
  monthlyInstalmentPence: number;
  nextPayment?: { dueDate: string; amountPence: number };
}

/** The customer's newest loan as the lending core has it. */
async function newestLoan(request: APIRequestContext, sandboxURL: string, email: string): Promise<LendingLoan> {
  const customers = (await (await request.get(`${sandboxURL}/lending/v1/customers`, { params: { email } })).json()) as {
    customers: { id: string }[];
  };
  const customerId = customers.customers[0]?.id ?? '';
  const list = (await (await request.get(`${sandboxURL}/lending/v1/loans`, { params: { customerId } })).json()) as {
    loans: LendingLoan[];
  };
  const loan = list.loans[0];
  if (loan === undefined) throw new Error('no loan');
  return loan;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** The product's money and date formats (spec §9), written out here so the test checks the screen's. */
function pounds(pence: number): string {
  const whole = Math.floor(pence / 100).toString().replace(/\B(?=(\d{3})+$)/g, ',');
  return `£${whole}.${String(pence % 100).padStart(2, '0')}`;
}
function longDate(iso: string): string {
  const [year, month, day] = iso.split('-').map(Number) as [number, number, number];
  const suffix = day % 10 === 1 && day !== 11 ? 'st' : day % 10 === 2 && day !== 12 ? 'nd' : day % 10 === 3 && day !== 13 ? 'rd' : 'th';
  return `${day}${suffix} ${MONTHS[month - 1] ?? ''} ${year}`;
}

/** The value the dashboard's summary list gives for a term. */
function valueOf(page: Page, term: string) {
  return page.locator('dt', { hasText: new RegExp(`^${term}$`) }).locator('xpath=following-sibling::dd[1]');
}

/** The dashboard shows the loan's balance, APR and next payment as the lending core has them. */
async function expectLoanFigures(page: Page, loan: LendingLoan) {
  await expect(valueOf(page, 'Balance')).toHaveText(pounds(loan.balancePence));
  await expect(valueOf(page, 'APR')).toHaveText(`${loan.aprPercent}%`);
  if (loan.nextPayment === undefined) throw new Error('a new loan has a next payment');
  await expect(valueOf(page, 'Next payment')).toHaveText(
    `${pounds(loan.nextPayment.amountPence)} on ${longDate(loan.nextPayment.dueDate)}`,
  );
}

test('an approved applicant goes from their phone number to the loan dashboard', async ({
  page,
  request,
  sandboxURL,
  checkScreen,
}) => {
  test.setTimeout(180_000);
  const email = 'regstage-setphone@personas.example';
  await signIn(page, request, sandboxURL, email, '/phoneNumber');

  // setPhone: the number, then the code texted to it.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('What is your mobile number?');
  await page.getByRole('button', { name: 'Send the code' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'There is a problem' })).toBeFocused();
  await checkScreen('borrower-approved-phone-number-error');
  await page.getByLabel('UK mobile number').fill('07700 900 888');
  await page.getByRole('button', { name: 'Send the code' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Check your phone');
  await checkScreen('borrower-approved-phone-code');
  const sms = await newestMessage(request, sandboxURL, '+447700900888', { kind: 'sms' });
  await page.getByLabel('Code').fill(codeIn(sms));
  await page.getByRole('button', { name: 'Continue' }).click();

  // confirmationPayee: a close match first, then the bank's name.
  await expect(page).toHaveURL(/#\/default\/disbursal\/account$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Which account should we pay your loan into?');
  await checkScreen('borrower-approved-disbursal-account');
  await page.getByLabel('Name on the account').fill('Parker Ashbe');
  await page.getByLabel('Sort code').fill('99-01-02');
  await page.getByLabel('Account number').fill('31926819');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Did you mean Parker Ashby?');
  await checkScreen('borrower-approved-disbursal-close-match');
  await page.getByLabel('Yes, use Parker Ashby').check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('When we pay your loan');
  await checkScreen('borrower-approved-disbursal-time');
  await page.getByRole('button', { name: 'Continue' }).click();

  // setCpa: the card, through the sandbox's checkout.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Set up your repayments by card');
  await checkScreen('borrower-approved-connect-bank');
  await page.getByRole('button', { name: 'Add my debit card' }).click();
  await payByCard(page, '4242 4242 4242 4242');

  // No broker: commission is done without one, so signing is next.
  await expect(page).toHaveURL(/#\/sign$/);
  await expect(page.getByRole('heading', { level: 2, name: /agreement/i }).first()).toBeVisible();
  await checkScreen('borrower-approved-sign');
  await page.getByRole('link', { name: 'read the credit agreement as a PDF' }).click();
  await expect(page.getByRole('link', { name: /Download your credit agreement \(PDF/ })).toBeVisible();
  await checkScreen('borrower-approved-pdf-sign');
  await page.getByRole('link', { name: 'Go back to sign it' }).click();
  await page.getByLabel('Your full name').fill('Parker Ashby');
  await page.getByRole('button', { name: 'Sign the agreement' }).click();

  // idv: the sandbox's identity page.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Check your identity');
  await expect(page).toHaveURL(/#\/identity_start$/);
  await checkScreen('borrower-approved-identity-start');
  await page.getByRole('button', { name: 'Start the check' }).click();
  await page.getByRole('button', { name: 'Pass the check' }).click();

  // Identity was the last stage: the loan is opened and the dashboard shows the lending core's figures.
  await expect(page).toHaveURL(/#\/loanDashboard\/main$/);
  await expectLoanFigures(page, await newestLoan(request, sandboxURL, email));
  await checkScreen('borrower-approved-loan-dashboard');

  // /loan leads to the dashboard too.
  await page.goto('/#/loan');
  await expect(page).toHaveURL(/#\/loanDashboard\/main$/);
});

test('a declined card at the checkout is said plainly and another card can be tried', async ({
  page,
  request,
  sandboxURL,
  checkScreen,
}) => {
  test.setTimeout(120_000);
  await signIn(page, request, sandboxURL, 'regstage-setcpa@personas.example', '/connectBank');
  await page.getByRole('button', { name: 'Add my debit card' }).click();
  await payByCard(page, '4111 1111 1111 1111');

  await expect(page).toHaveURL(/#\/pay\/acquired-setcpa/);
  await expect(page.getByRole('heading', { level: 2, name: 'Your card was not added' })).toBeVisible();
  await expect(page.getByText('This card cannot be used for your repayments. Try a different debit card.').first()).toBeVisible();
  await checkScreen('borrower-approved-card-declined');
  await page.getByRole('button', { name: 'Try again with a card' }).click();
  await payByCard(page, '5555 5555 5555 4444');

  // The card is kept; this applicant came without a broker, so signing is next.
  await expect(page).toHaveURL(/#\/sign$/);
});

test('an applicant introduced by a broker accepts the commission before signing', async ({
  page,
  request,
  sandboxURL,
  checkScreen,
}) => {
  await signIn(page, request, sandboxURL, 'regstage-commissionconsent@personas.example', '/commission-consent');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your broker’s commission');
  await expect(page.getByText('Northgate Finance Brokers', { exact: true })).toBeVisible();
  // 3% of the £5,000 loan.
  await expect(page.getByText('£150.00', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'There is a problem' })).toBeFocused();
  await checkScreen('borrower-approved-commission-consent');
  await page.getByLabel(/I understand and agree that Northgate Finance Brokers/).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/#\/sign$/);
});

test('an applicant whose every stage is done sees their money on its way, then their loan', async ({
  page,
  request,
  sandboxURL,
  checkScreen,
}) => {
  const email = 'sign-over@personas.example';
  await signIn(page, request, sandboxURL, email, '/signOver');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your money is on its way');
  await checkScreen('borrower-approved-sign-over');
  await page.getByRole('link', { name: 'Go to my loan' }).click();
  await expect(page).toHaveURL(/#\/loanDashboard\/main$/);
  await expectLoanFigures(page, await newestLoan(request, sandboxURL, email));
});

test('an approved applicant without a PIN sees their loan, chooses a PIN and moves on to their next stage', async ({
  page,
  request,
  sandboxURL,
  checkScreen,
}) => {
  await signIn(page, request, sandboxURL, 'regstage-setpassword@personas.example', '/approved');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your loan is approved');
  await expect(valueOf(page, 'Amount')).toHaveText('£5,000.00');
  await expect(valueOf(page, 'Term')).toHaveText('24 months');
  await checkScreen('borrower-approved-approved');
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Choose a PIN');
  await page.getByLabel('PIN', { exact: true }).fill('2468');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('PIN again').fill('2468');
  await page.getByRole('button', { name: 'Save my PIN' }).click();

  // Their phone number is on record already (setPhone done): the payee account is next.
  await expect(page).toHaveURL(/#\/default\/disbursal\/account$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Which account should we pay your loan into?');
});
