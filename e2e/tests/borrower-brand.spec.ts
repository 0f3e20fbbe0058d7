import type { Page } from '@playwright/test';
import { newCustomer } from '../fixtures/applicant';
import { brandConfig, legalIdentity, rgbOf } from '../fixtures/brand';
import type { BrandConfig } from '../fixtures/brand';
import { getQuote, lendingQuote, pounds } from '../fixtures/journey-steps';
import { newestMessage } from '../fixtures/mailbox';
import { expect, test } from '../fixtures/test';

// Every value the footer and the contact-us screen show is the brand's configuration, as the BFF answers it: the
// lender's two shipped brands, the third brand the e2e stack adds by configuration alone (e2e/fixtures/brands), and
// a broker client, whose page-level settings the lending core holds.
const brands = [
  { label: 'the default brand', start: '/#/login/home', clientName: 'default' },
  { label: 'the white-label brand', start: '/#/harbour/login/emailLogin', clientName: 'harbour' },
  { label: 'a third brand added by configuration', start: '/#/fen/login/emailLogin', clientName: 'fen' },
  { label: 'a broker client', start: '/#/northgate/login/emailLogin', clientName: 'northgate' },
];

/** The other brands' names: none may show on a screen of this one. */
const otherNames = (brand: BrandConfig) =>
  ['Meadow Loans', 'Harbour Credit', 'Fen Finance'].filter((name) => name !== brand.displayName);

/** The screen is drawn in `brand`: its name, header colours and icon, and no other brand's name. */
async function expectDrawnIn(page: Page, brand: BrandConfig): Promise<void> {
  const banner = page.getByRole('banner');
  await expect(banner).toContainText(brand.displayName);
  await expect(banner).toHaveCSS('background-color', rgbOf(String(brand.headerColor)));
  await expect(page.locator('link[rel="icon"]')).toHaveAttribute('href', String(brand.iconURL));
  await expect(banner.locator('img')).toHaveAttribute('src', String(brand.logoURL));
  for (const other of otherNames(brand)) await expect(page.locator('body')).not.toContainText(other);
}

for (const { label, start, clientName } of brands) {
  test(`the footer and the contact-us screen show ${label}'s legal identity, links and contacts`, async ({
    page,
    request,
    checkScreen,
  }) => {
    // Two screens, each checked by axe at two sizes.
    test.setTimeout(60_000);
    const brand = await brandConfig(request, clientName);
    const value = (key: string) => String(brand[key]);

    await page.goto(start);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const footer = page.getByRole('contentinfo');
    await expect(footer).toContainText(legalIdentity(brand));
    await expect(footer).toContainText(
      `Registered company number ${value('companyNumber')}. Registered office: ${value('registeredAddress')}.`,
    );
    await expect(footer.getByRole('link', { name: 'Terms and conditions' })).toHaveAttribute('href', value('termsURL'));
    await expect(footer.getByRole('link', { name: 'Privacy notice' })).toHaveAttribute('href', value('privacyURL'));
    await expect(footer.getByRole('link', { name: 'Questions and answers' })).toHaveAttribute('href', value('faqURL'));
    await checkScreen(`borrower-footer-${clientName}`);

    await footer.getByRole('link', { name: 'Contact us' }).click();
    await expect(page).toHaveURL(/#\/contact-us$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Contact us');
    const main = page.getByRole('main');
    await expect(main.getByRole('link', { name: value('phone') })).toHaveAttribute(
      'href',
      `tel:${value('phone').replaceAll(' ', '')}`,
    );
    await expect(main.getByRole('link', { name: value('email') })).toHaveAttribute('href', `mailto:${value('email')}`);
    await expect(main.getByRole('link', { name: 'Chat with us on our help desk' })).toHaveAttribute('href', value('helpDeskURL'));
    await expect(main.getByRole('link', { name: `All the ways to contact ${brand.displayName}` })).toHaveAttribute(
      'href',
      value('contactURL'),
    );
    await expect(page.getByRole('contentinfo')).toContainText(value('registeredName'));
    await checkScreen(`borrower-contact-us-${clientName}`);
  });
}

test('a third brand added by configuration alone: a new person signs in under its path and is quoted with its fee', async ({
  page,
  request,
  sandboxURL,
  checkScreen,
}) => {
  test.setTimeout(90_000);
  const fen = await brandConfig(request, 'fen');
  const email = await newCustomer(request, sandboxURL);

  await page.goto('/#/fen/login/emailLogin');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Log in with your e-mail');
  await expectDrawnIn(page, fen);
  await expect(page).toHaveTitle(`Log in with your e-mail – ${fen.displayName}`);
  await page.getByLabel('E-mail address').fill(email);
  await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Check your e-mail');
  await expectDrawnIn(page, fen);

  // The mail is the third brand's, and its link signs in.
  const mail = await newestMessage(request, sandboxURL, email);
  expect(mail.text).toContain(fen.displayName);
  for (const other of otherNames(fen)) expect(mail.text).not.toContain(other);
  const link = mail.links.find((href) => href.includes('/login/emailMagicLink?token='));
  expect(link, 'the sign-in link').toBeDefined();
  await page.goto(link ?? '');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Choose a PIN');
  await expectDrawnIn(page, fen);
  await checkScreen('borrower-third-brand-set-pin');
  await page.getByLabel('PIN', { exact: true }).fill('2468');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('PIN again').fill('2468');
  await page.getByRole('button', { name: 'Save my PIN' }).click();
  await expect(page).toHaveURL(/#\/amount\/amount_default$/);
  await expectDrawnIn(page, fen);

  // The quote adds the third brand's own fee.
  const priced = await lendingQuote(request, sandboxURL, { amountPence: 750_000, termMonths: 60, feePounds: Number(fen.fee) });
  const quote = await getQuote(page);
  expect(quote.monthlyInstalment).toBe(pounds(priced.monthlyInstalmentPence));
  expect(quote.totalPayable).toBe(pounds(priced.totalPayablePence));
  await expectDrawnIn(page, fen);
  await checkScreen('borrower-third-brand-quote');

  // The brand is kept for the next visit.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your loan');
  await expectDrawnIn(page, fen);
});

test('a broker client is drawn in its own colours and contacts under the lender’s name, and quoted with its fee', async ({
  page,
  request,
  sandboxURL,
  checkScreen,
}) => {
  test.setTimeout(60_000);
  const northgate = await brandConfig(request, 'northgate');
  const lender = await brandConfig(request, 'default');
  // The client's own page-level settings; the lender stays the lender.
  expect(northgate.displayName).toBe(lender.displayName);
  expect(northgate.primary).not.toBe(lender.primary);
  expect(northgate.fee).not.toBe(lender.fee);

  await page.goto('/#/northgate/login/emailLogin');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Log in with your e-mail');
  await expectDrawnIn(page, northgate);
  await expect(page.getByRole('contentinfo')).toContainText(String(lender.registeredName));

  const priced = await lendingQuote(request, sandboxURL, {
    amountPence: 750_000,
    termMonths: 60,
    feePounds: Number(northgate.fee),
  });
  const quote = await getQuote(page);
  expect(quote.monthlyInstalment).toBe(pounds(priced.monthlyInstalmentPence));
  expect(quote.totalPayable).toBe(pounds(priced.totalPayablePence));
  // The primary colour of the client draws the page's call to action.
  await expect(page.getByRole('button', { name: 'Continue' })).toHaveCSS('background-color', rgbOf(String(northgate.primary)));
  await expectDrawnIn(page, northgate);
  await checkScreen('borrower-broker-client-quote');
});

test('a brand path the BFF has no brand for is the 404 page, and the default brand applies', async ({
  page,
  request,
  pageErrors,
}) => {
  const lender = await brandConfig(request, 'default');
  await page.goto('/#/nobody/login/emailLogin');
  await expect(page.getByText('404 page not found')).toBeVisible();
  // The BFF refused the name (100400), which the browser logs as a failed load; nothing else went wrong.
  expect(pageErrors).toEqual(['console: Failed to load resource: the server responded with a status of 400 (Bad Request)']);
  pageErrors.length = 0;
  await page.goto('/#/login/home');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(lender.displayName);
  expect(await page.evaluate(() => localStorage.getItem('whiteLabel'))).toBeNull();
});
