import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { brandConfig, legalIdentity, rgbOf } from '../fixtures/brand';
import type { BrandConfig } from '../fixtures/brand';
import {
  answerAddressAndHousing,
  answerQuestions,
  applyFromQuoteReview,
  consentAndCheck,
  continueButton,
  customerIdOf,
  expectDashboardOfQuote,
  getQuote,
  heading,
  lendingQuote,
  pounds,
  takeApprovedLoan,
} from '../fixtures/journey-steps';
import type { ScreenCheck } from '../fixtures/journey-steps';
import { messagesTo, personaEmail, signInWithEmailCode } from '../fixtures/mailbox';
import { pdfText } from '../fixtures/pdf';
import { expect, test } from '../fixtures/test';

// Issue 15's journeys 1 and 2: the white-label brand (Harbour Credit) end to end for an applicant who comes in
// through its own sign-in path, and for a borrower who signs in under the default brand but whose application the
// white label owns. (Journey 4, the session expiry under the white label, is in borrower-white-label.spec.ts.)

const WHITE_LABEL = 'harbour';

/** The computed background of an element: a contained button's is the brand's primary colour. */
function backgroundOf(element: Locator): Promise<string> {
  return element.evaluate((node) => getComputedStyle(node).backgroundColor);
}

/**
 * The screen check of a white-label applicant's journey: on each of the app's own screens the banner names the
 * white-label brand, the page title ends with it and the footer gives its legal identity; on every screen, the
 * providers' hosted pages included, the default brand's name appears nowhere. Then axe and the screenshots
 * (checkScreen), named `<prefix>-<screen>`.
 */
function whiteLabelScreens(
  page: Page,
  checkScreen: (name: string) => Promise<void>,
  { brand, defaultName, appOrigin, prefix }: { brand: BrandConfig; defaultName: string; appOrigin: string; prefix: string },
): ScreenCheck {
  return async (name) => {
    if (new URL(page.url()).origin === appOrigin) {
      await expect(page.getByRole('banner'), name).toContainText(brand.displayName);
      await expect(page, name).toHaveTitle(new RegExp(`${brand.displayName}$`));
      await expect(page.getByRole('contentinfo'), name).toContainText(legalIdentity(brand));
    }
    await expect(page.locator('body'), name).not.toContainText(defaultName);
    await checkScreen(`${prefix}-${name}`);
  };
}

test('a white-label applicant applies from its sign-in path and sees its brand on every screen, e-mail and PDF, to the dashboard', async ({
  page,
  request,
  sandboxURL,
  baseURL,
  checkScreen,
}) => {
  // Every screen of the application, each checked with axe and photographed at two sizes.
  test.setTimeout(600_000);
  const brand = await brandConfig(request, WHITE_LABEL);
  const defaultBrand = await brandConfig(request);
  const defaultName = defaultBrand.displayName;
  // The white label's own fee, not the default brand's, must price its quotes.
  expect(brand.fee).not.toBe(defaultBrand.fee);
  const email = 'sam.lee.harbour@example.com';
  const screen = whiteLabelScreens(page, checkScreen, {
    brand,
    defaultName,
    appOrigin: new URL(baseURL ?? '').origin,
    prefix: 'borrower-white-label-journey',
  });

  // The white label's sign-in path themes the app with its brand; someone new goes back to the front door, which
  // is the white label's too, and checks their eligibility.
  await page.goto('/#/harbour/login/emailLogin');
  await expect(heading(page)).toHaveText('Log in with your e-mail');
  await screen('sign-in');
  await page.getByRole('link', { name: 'Back' }).click();
  await expect(page).toHaveURL(/#\/login\/home$/);
  // The front door has no banner: the brand's name is its heading.
  await expect(heading(page)).toHaveText(brand.displayName);
  // A screen without a title of its own has the brand's page title.
  await expect(page).toHaveTitle(String(brand.pageTitle));
  await expect(page.getByRole('contentinfo')).toContainText(legalIdentity(brand));
  await expect(page.locator('body')).not.toContainText(defaultName);
  await checkScreen('borrower-white-label-journey-front-door');
  await page.getByRole('link', { name: 'Check your eligibility' }).click();
  await expect(page).toHaveURL(/#\/amount\/amount_default$/);

  // The quote is the lending core's price with the white label's fee (pounds) added to the credit.
  const quote = await getQuote(page, screen);
  const priced = await lendingQuote(request, sandboxURL, { amountPence: 750_000, termMonths: 60, feePounds: Number(brand.fee) });
  expect(quote).toEqual({
    amount: '£7,500.00',
    term: '60 months',
    monthlyInstalment: pounds(priced.monthlyInstalmentPence),
    totalPayable: pounds(priced.totalPayablePence),
    apr: `${priced.aprPercent}% APR`,
  });

  // The /amount steps and the soft check sign the new customer in; they apply, and take the loan.
  await answerQuestions(page, email, screen);
  await answerAddressAndHousing(page, screen);
  await consentAndCheck(page, screen);
  await applyFromQuoteReview(page, request, sandboxURL, email, quote, screen);
  // The pay-out account's screen is on the white label's path.
  await takeApprovedLoan(page, request, sandboxURL, quote, screen, WHITE_LABEL);
  // The balance is the credit: the £7,500 asked for with the white label's fee added to it.
  await expectDashboardOfQuote(page, request, sandboxURL, email, quote, Number(brand.fee));
  await screen('loan-dashboard');

  // The lending core has the application as the white label's.
  const customerId = await customerIdOf(request, sandboxURL, email);
  const applications = (await (await request.get(`${sandboxURL}/lending/v1/applications`, { params: { customerId } })).json()) as {
    applications: { applicationOwner: string }[];
  };
  expect(applications.applications.map((application) => application.applicationOwner)).toEqual([WHITE_LABEL]);

  // The signed agreement, as a PDF, is the white label's.
  await page.goto('/#/loan-agreement');
  await expect(heading(page)).toHaveText('Fixed-sum loan agreement');
  await screen('signed-agreement');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: /^Download your signed credit agreement \(PDF, \d+ KB\)$/ }).click(),
  ]);
  const agreement = pdfText(await readFile(await download.path()));
  expect(agreement).toContain(brand.displayName);
  expect(agreement).not.toContain(defaultName);

  // Every e-mail the applicant was sent names the white label, never the default brand: the last of them, the
  // payout's, is sent once the lending core has paid the loan out.
  await expect
    .poll(async () => (await messagesTo(request, sandboxURL, email)).map((mail) => mail.subject))
    .toContain(`Your loan has been paid out – ${brand.displayName}`);
  const mails = await messagesTo(request, sandboxURL, email);
  for (const mail of mails) {
    const seen = [mail.from, mail.subject, mail.text, mail.html].join('\n');
    expect(seen, `the e-mail "${mail.subject ?? mail.id}"`).toContain(brand.displayName);
    expect(seen, `the e-mail "${mail.subject ?? mail.id}"`).not.toContain(defaultName);
  }
});

test('a borrower signing in under the default brand takes the white label’s once their application says it owns it, and keeps it', async ({
  page,
  request,
  sandboxURL,
  checkScreen,
}) => {
  test.setTimeout(120_000);
  const defaultBrand = await brandConfig(request);
  const brand = await brandConfig(request, WHITE_LABEL);
  const banner = page.getByRole('banner');
  const icon = page.locator('link[rel="icon"]');

  // The default brand's own sign-in path: its name, title, colour and icon.
  await page.goto('/#/login/emailLogin');
  await expect(banner).toContainText(defaultBrand.displayName);
  await expect(page).toHaveTitle(new RegExp(`${defaultBrand.displayName}$`));
  await expect.poll(() => backgroundOf(page.getByRole('button', { name: 'Email me a sign-in link' }))).toBe(rgbOf(String(defaultBrand.primary)));
  await expect(icon).not.toHaveAttribute('href', new RegExp(WHITE_LABEL));
  await checkScreen('borrower-white-label-owner-sign-in');

  // Signed in, the application is read to know where it resumes (the housing step), and it is the white label's:
  // the banner, title, colour and icon turn to the white label's at once, and the flag is kept.
  await signInWithEmailCode(page, request, sandboxURL, personaEmail('white-label-one-page'));
  await expect(page).toHaveURL(/#\/loan\/housing-info$/);
  await expect(heading(page)).toHaveText('Your housing');
  const expectWhiteLabel = async () => {
    await expect(banner).toContainText(brand.displayName);
    await expect(banner).not.toContainText(defaultBrand.displayName);
    await expect(page).toHaveTitle(new RegExp(`${brand.displayName}$`));
    await expect.poll(() => backgroundOf(continueButton(page))).toBe(rgbOf(String(brand.primary)));
    await expect(icon).toHaveAttribute('href', new RegExp(WHITE_LABEL));
    await expect(page.getByRole('contentinfo')).toContainText(legalIdentity(brand));
  };
  await expectWhiteLabel();
  expect(await page.evaluate(() => localStorage.getItem('whiteLabel'))).toBe(WHITE_LABEL);
  await checkScreen('borrower-white-label-owner-housing');

  // After a reload the app asks the BFF for the white label's brand from the start, by the stored flag.
  const brandAnswer = page.waitForResponse((response) => response.url().includes('/eligibility/getRebrandParams'));
  await page.reload();
  expect(new URL((await brandAnswer).url()).searchParams.get('clientName')).toBe(WHITE_LABEL);
  await expect(heading(page)).toHaveText('Your housing');
  await expectWhiteLabel();
  expect(await page.evaluate(() => localStorage.getItem('whiteLabel'))).toBe(WHITE_LABEL);
});
