import type { APIRequestContext, Page } from '@playwright/test';
import {
  expectLoanFigures,
  newestLoan,
  passIdentityCheck,
  payByCard,
  setPhone,
  setUpCardPayments,
  valueOf,
} from '../fixtures/journey-steps';
import { signInWithEmailCode } from '../fixtures/mailbox';
import { expect, test } from '../fixtures/test';

/** Signs a seeded persona in with a code from the sandbox mailbox; they resume at their stage's screen. */
async function signIn(page: Page, request: APIRequestContext, sandboxURL: string, email: string, resumesAt: string) {
  await signInWithEmailCode(page, request, sandboxURL, email);
  await expect(page).toHaveURL(new RegExp(`#${resumesAt}$`));
}

/** The figures of a drawn page's canvas: whether it has a device pixel per screen pixel, and its dark pixels. */
function canvasDrawing(canvas: HTMLCanvasElement): { sharp: boolean; inked: boolean } {
  const context = canvas.getContext('2d');
  if (context === null || canvas.width === 0) return { sharp: false, inked: false };
  const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
  let dark = 0;
  for (let i = 0; i < data.length; i += 4) {
    if ((data[i] ?? 255) < 128 && (data[i + 1] ?? 255) < 128 && (data[i + 2] ?? 255) < 128) dark += 1;
  }
  const sharp = canvas.width === Math.floor(canvas.getBoundingClientRect().width * window.devicePixelRatio);
  // A blank page has none; a page of the agreement's text has thousands.
  return { sharp, inked: dark > 200 };
}

/**
 * /PdfSign draws the sandbox's credit agreement in the page: a region per page named "Page n of N", each
 * canvas as wide as its page in device pixels and not blank, and the agreement's words in the text layer.
 */
async function expectAgreementDrawn(page: Page) {
  const pages = page.getByRole('region', { name: /^Page \d+ of \d+$/ });
  await expect(pages.first()).toBeVisible();
  const count = await pages.count();
  expect(count, 'the agreement runs over more than one page').toBeGreaterThan(1);
  for (let index = 0; index < count; index += 1) {
    const region = page.getByRole('region', { name: `Page ${index + 1} of ${count}`, exact: true });
    await expect(region).toBeVisible();
    await expect.poll(() => region.locator('canvas').evaluate(canvasDrawing)).toEqual({ sharp: true, inked: true });
  }
  await expect(page.getByText('Showing your agreement')).toBeHidden();
  const first = page.getByRole('region', { name: `Page 1 of ${count}`, exact: true });
  await expect(first.getByText('Regulated by the Consumer Credit Act 1974.')).toBeVisible();
  const last = page.getByRole('region', { name: `Page ${count} of ${count}`, exact: true });
  await expect(last.getByText('Signature of the borrower: not yet signed.')).toBeVisible();
}

test('an approved applicant goes from their phone number to the loan dashboard', async ({
  page,
  request,
  sandboxURL,
  checkScreen,
}) => {
  test.setTimeout(180_000);
  const check = (name: string) => checkScreen(`borrower-approved-${name}`);
  const email = 'regstage-setphone@personas.example';
  await signIn(page, request, sandboxURL, email, '/phoneNumber');

  // setPhone: the number, then the code texted to it.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('What is your mobile number?');
  await page.getByRole('button', { name: 'Send the code' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'There is a problem' })).toBeFocused();
  await checkScreen('borrower-approved-phone-number-error');
  await setPhone(page, request, sandboxURL, '07700 900 888', check);

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
  await setUpCardPayments(page, 'P Ashby', check);

  // No broker: commission is done without one, so signing is next.
  await expect(page).toHaveURL(/#\/sign$/);
  await expect(page.getByRole('heading', { level: 2, name: /agreement/i }).first()).toBeVisible();
  await checkScreen('borrower-approved-sign');
  await page.getByRole('link', { name: 'read the credit agreement as a PDF' }).click();
  await expect(page.getByRole('link', { name: /Download your credit agreement \(PDF/ })).toBeVisible();
  await expectAgreementDrawn(page);
  await checkScreen('borrower-approved-pdf-sign');
  await page.getByRole('link', { name: 'Go back to sign it' }).click();
  await page.getByLabel('Your full name').fill('Parker Ashby');
  await page.getByRole('button', { name: 'Sign the agreement' }).click();

  // idv: the sandbox's identity page.
  await passIdentityCheck(page, check);

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

test.describe('the credit agreement on a high-density phone screen', () => {
  test.use({ viewport: { width: 375, height: 812 }, deviceScaleFactor: 2 });

  test('is drawn crisp, its words can be selected, and it is drawn again at a new width', async ({
    page,
    request,
    sandboxURL,
  }) => {
    await signIn(page, request, sandboxURL, 'regstage-signature@personas.example', '/sign');
    await page.getByRole('link', { name: 'read the credit agreement as a PDF' }).click();
    await expect(page).toHaveURL(/#\/PdfSign$/);
    await expectAgreementDrawn(page);
    const first = page.getByRole('region', { name: /^Page 1 of \d+$/ });
    const canvas = first.locator('canvas');
    expect(await canvas.evaluate((element: HTMLCanvasElement) => element.width)).toBe(
      2 * Math.floor(await first.evaluate((element) => element.getBoundingClientRect().width)),
    );

    // The words are text: a triple click selects a line of the agreement.
    await first.getByText('Regulated by the Consumer Credit Act 1974.').click({ clickCount: 3 });
    expect(await page.evaluate(() => window.getSelection()?.toString())).toContain(
      'Regulated by the Consumer Credit Act 1974.',
    );

    // Wider (a phone turned, a desktop window): every page is drawn again at the new width.
    const narrow = await canvas.evaluate((element: HTMLCanvasElement) => element.width);
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect.poll(() => canvas.evaluate((element: HTMLCanvasElement) => element.width)).toBeGreaterThan(narrow);
    await expectAgreementDrawn(page);
  });
});
