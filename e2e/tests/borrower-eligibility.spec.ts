import type { Page } from '@playwright/test';
import { answerAboutYou, answerAddressAndHousing, consentAndCheck, continueButton, yearsAgo } from '../fixtures/journey-steps';
import { expect, test } from '../fixtures/test';

/** A value the app keeps in local storage; values with an expiry are kept as `{"$expiring":1,"value":…}`. */
function storedValue(page: Page, key: string): Promise<string | null> {
  return page.evaluate((name) => {
    const raw = localStorage.getItem(name);
    if (!raw?.startsWith('{')) return raw;
    return (JSON.parse(raw) as { value: string }).value;
  }, key);
}

/** The session token of the sign-in. */
function storedAccessToken(page: Page): Promise<string | null> {
  return storedValue(page, 'accessToken');
}

test('an applicant gives a 3-year address history and housing, consents, is approved and signed in', async ({
  page,
  checkScreen,
  pageErrors,
}) => {
  // Many screens, each checked with axe and photographed at two sizes: more than the default 30 s.
  test.setTimeout(240_000);
  const h1 = page.getByRole('heading', { level: 1 });
  const summary = page.getByRole('alert', { name: 'There is a problem' });
  await answerAboutYou(page, 'sam.lee.eligibility@example.com');

  // The current address, found by its postcode; a postcode of nothing, then a malformed one, are told inline.
  await expect(h1).toHaveText('What is your address?');
  await checkScreen('borrower-eligibility-address');
  await page.getByRole('button', { name: 'Find address' }).click();
  await expect(summary).toBeFocused();
  await expect(summary).toContainText('Enter a postcode');
  const postcode = page.getByRole('textbox', { name: 'Postcode' });
  await postcode.fill('LM1 ABC');
  await page.getByRole('button', { name: 'Find address' }).click();
  await expect(summary).toContainText('Enter a real postcode, like AB1 2CD');
  await expect(postcode).toHaveAccessibleDescription('For example, LM1 1AA Error: Enter a real postcode, like AB1 2CD');
  // The browser reports the refused look-up (HTTP 400), and only it.
  expect(pageErrors).toEqual(['console: Failed to load resource: the server responded with a status of 400 (Bad Request)']);
  pageErrors.length = 0;
  await postcode.fill('LM3 8RD');
  await page.getByRole('button', { name: 'Find address' }).click();
  await expect(page.getByRole('group', { name: 'Select your address' })).toBeVisible();
  await continueButton(page).click();
  await expect(summary).toContainText('Select your address');
  await checkScreen('borrower-eligibility-address-list');
  await page.getByRole('radio', { name: /^12A Orchard Close/ }).check();
  await continueButton(page).click();

  // Moved in a year ago: 3 years are not covered yet.
  await expect(page).toHaveURL(/\/#\/amount\/moved_in$/);
  await expect(h1).toHaveText('When did you move in to this address?');
  await page.getByRole('textbox', { name: 'Month' }).fill('4');
  await page.getByRole('textbox', { name: 'Year' }).fill(String(new Date().getFullYear() + 1));
  await continueButton(page).click();
  await expect(summary).toContainText('The date you moved in must be in the past');
  await checkScreen('borrower-eligibility-moved-in');
  await page.getByRole('textbox', { name: 'Year' }).fill(yearsAgo(1));
  await continueButton(page).click();

  await expect(page).toHaveURL(/\/#\/amount\/years3$/);
  await expect(h1).toHaveText('We need your addresses for the last 3 years');
  await checkScreen('borrower-eligibility-years3');
  await continueButton(page).click();

  // The previous address is not in the gazetteer (ZZ9 9ZZ has no addresses): typed by hand.
  await expect(page).toHaveURL(/\/#\/amount\/previous_address\?entry=1$/);
  await expect(h1).toHaveText('What was your previous address?');
  await postcode.fill('ZZ9 9ZZ');
  await page.getByRole('button', { name: 'Find address' }).click();
  await expect(page.getByText('We could not find any addresses for ZZ9 9ZZ.')).toBeVisible();
  await checkScreen('borrower-eligibility-previous-address-none');
  await page.getByRole('link', { name: 'enter the address manually' }).click();

  await expect(page).toHaveURL(/\/#\/amount\/manual_address\?entry=1$/);
  await expect(page.getByRole('textbox', { name: 'Postcode' })).toHaveValue('ZZ9 9ZZ');
  await page.getByRole('textbox', { name: 'Town or city' }).fill('Lowmere');
  await continueButton(page).click();
  await expect(summary).toContainText('Enter the street');
  await expect(summary).toContainText('Enter a house name or number');
  await checkScreen('borrower-eligibility-manual-address');
  // One comma-separated line in the street field is split by the address parsing rule.
  await page.getByRole('textbox', { name: 'Street' }).fill('Flat 3, Rose Court, 14 Mill Lane');
  // A refresh mid-address keeps what was typed.
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Street' })).toHaveValue('Flat 3, Rose Court, 14 Mill Lane');
  await expect(page.getByRole('textbox', { name: 'Town or city' })).toHaveValue('Lowmere');
  await continueButton(page).click();

  await expect(page).toHaveURL(/\/#\/amount\/moved_in\?entry=1$/);
  await expect(page.getByText('Flat 3, Rose Court, 14 Mill Lane, Lowmere, ZZ9 9ZZ')).toBeVisible();
  await page.getByRole('textbox', { name: 'Month' }).fill('1');
  await page.getByRole('textbox', { name: 'Year' }).fill(yearsAgo(6));
  await continueButton(page).click();

  await expect(page).toHaveURL(/\/#\/amount\/address_history$/);
  await expect(h1).toHaveText('Your addresses in the last 3 years');
  const answer = (term: string) =>
    page.locator('dt', { hasText: new RegExp(`^${term}$`) }).locator('xpath=following-sibling::dd[1]');
  await expect(answer('Current address')).toContainText('12A Orchard Close');
  await expect(answer('Current address')).toContainText(`Moved in April ${yearsAgo(1)}`);
  await expect(answer('Previous address 1')).toContainText('Flat 3, Rose Court, 14 Mill Lane, Lowmere, ZZ9 9ZZ');
  await expect(answer('Previous address 1')).toContainText(`Moved in January ${yearsAgo(6)}`);
  await checkScreen('borrower-eligibility-address-history');
  await continueButton(page).click();

  await expect(page).toHaveURL(/\/#\/amount\/rent_cost$/);
  await continueButton(page).click();
  await expect(summary).toContainText('Select your housing situation');
  await checkScreen('borrower-eligibility-rent-cost');
  await page.getByRole('radio', { name: 'I rent from a private landlord' }).check();
  await continueButton(page).click();

  await expect(page).toHaveURL(/\/#\/amount\/rent_payment$/);
  await expect(h1).toHaveText('How much is your rent each month?');
  await page.getByRole('textbox', { name: 'Monthly rent' }).fill('650');
  await checkScreen('borrower-eligibility-rent-payment');
  await continueButton(page).click();

  await expect(page).toHaveURL(/\/#\/amount\/step2$/);
  // The loan asked for on the first step, £7,500 over 60 months (answerAboutYou), with the answers.
  await expect(answer('Loan amount')).toHaveText('£7,500');
  await expect(answer('Loan term')).toHaveText('60 months');
  await expect(page.getByRole('link', { name: 'Change loan amount' })).toHaveAttribute('href', '#/amount/amount_default');
  await expect(answer('Current address')).toContainText('12A Orchard Close');
  await expect(answer('Previous address 1')).toContainText('14 Mill Lane');
  await expect(answer('Housing situation')).toHaveText('I rent from a private landlord');
  await expect(answer('Rent or mortgage each month')).toHaveText('£650');
  await checkScreen('borrower-eligibility-check-answers');
  await continueButton(page).click();

  await expect(page).toHaveURL(/\/#\/amount\/credit_consent$/);
  await expect(h1).toHaveText('Check if you can get a loan');
  await page.getByRole('button', { name: 'Check my eligibility' }).click();
  await expect(summary).toContainText('Select that you agree to a soft credit search');
  await checkScreen('borrower-eligibility-credit-consent');
  expect(await storedAccessToken(page)).toBeNull();
  await page.getByRole('checkbox', { name: 'I agree to a soft search of my credit file' }).check();
  await page.getByRole('button', { name: 'Check my eligibility' }).click();

  // Approved: the new customer is signed in and the one-page journey starts at its quote (step 0).
  await expect(page).toHaveURL(/\/#\/quote_review_b$/);
  expect(await storedAccessToken(page)).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  expect(await storedValue(page, 'email')).toBe('sam.lee.eligibility@example.com');
  const kept = await page.evaluate(() => JSON.parse(sessionStorage.getItem('eligibilityResult') ?? '{}') as { outcome?: string });
  expect(kept.outcome).toBe('approved');
});

test('a declined applicant is told why and what they can do, and no account is opened', async ({ page, checkScreen }) => {
  test.setTimeout(120_000);
  await answerAboutYou(page, 'sam.lee+decline@example.com');
  await answerAddressAndHousing(page);
  await consentAndCheck(page);

  await expect(page).toHaveURL(/\/#\/decline$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('We cannot offer you a loan');
  await expect(page.getByRole('main').getByRole('listitem')).toHaveText([
    "We can't offer you a loan at the moment, based on the information from the credit reference agency.",
  ]);
  await expect(page.getByText('it leaves no footprint on your credit file')).toBeVisible();
  await expect(page.getByRole('link', { name: 'MoneyHelper (opens in a new tab)' })).toHaveAttribute(
    'href',
    /^https:\/\/www\.moneyhelper\.org\.uk\//,
  );
  expect(await storedAccessToken(page)).toBeNull();
  await checkScreen('borrower-eligibility-decline');
});

test('a counteroffer shows the lower offer, and accepting it signs the applicant in', async ({ page, checkScreen }) => {
  test.setTimeout(120_000);
  await answerAboutYou(page, 'sam.lee+counteroffer@example.com');
  await answerAddressAndHousing(page);
  await consentAndCheck(page);

  // The sandbox offers 60% of £7,500, rounded down to £100: £4,500 over the same 60 months.
  await expect(page).toHaveURL(/\/#\/counteroffer$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('We can offer you a smaller loan');
  await expect(page.getByText('We cannot lend you £7,500, but we can offer you this loan.')).toBeVisible();
  const figure = (term: string) =>
    page.locator('dt', { hasText: new RegExp(`^${term}$`) }).locator('xpath=following-sibling::dd[1]');
  await expect(figure('Amount')).toHaveText('£4,500');
  await expect(figure('Term')).toHaveText('60 months');
  await expect(figure('Monthly instalment')).toHaveText(/^£\d+\.\d\d$/);
  await expect(figure('Representative APR')).toHaveText(/^\d+\.\d%$/);
  await expect(figure('Total payable')).toHaveText(/^£[\d,]+\.\d\d$/);
  await expect(page.getByRole('link', { name: 'No thanks' })).toHaveAttribute('href', '#/login/home');
  await checkScreen('borrower-eligibility-counteroffer');
  expect(await storedAccessToken(page)).toBeNull();

  await page.getByRole('button', { name: 'Accept this offer' }).click();
  await expect(page).toHaveURL(/\/#\/quote_review_b$/);
  expect(await storedAccessToken(page)).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
});

test('a typed later step sends the applicant to the first unanswered one', async ({ page }) => {
  await page.goto('/#/amount/credit_consent');
  await expect(page).toHaveURL(/\/#\/amount\/amount_default$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('How much do you want to borrow?');

  await answerAboutYou(page, 'sam.lee.guard@example.com');
  await page.goto('/#/amount/step2');
  await expect(page).toHaveURL(/\/#\/amount\/address$/);
  await page.goto('/#/amount/previous_address?entry=2');
  await expect(page).toHaveURL(/\/#\/amount\/address$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('What is your address?');
});

test('a failed check keeps every answer, and the applicant can try again', async ({ page, request, sandboxURL, pageErrors }) => {
  test.setTimeout(120_000);
  await answerAboutYou(page, 'sam.lee.retry@example.com');
  await answerAddressAndHousing(page);

  // Every call to the lending core now fails: the BFF answers 503 and the app says so.
  const forced = await request.post(`${sandboxURL}/_sandbox/faults`, { data: { provider: 'lending', status: 503 } });
  expect(forced.status()).toBe(200);
  await consentAndCheck(page);
  await expect(page.getByText('The service is temporarily unavailable. Please try again in a moment.')).toBeVisible();
  await expect(page).toHaveURL(/\/#\/amount\/credit_consent$/);
  expect(pageErrors).toEqual([
    'console: Failed to load resource: the server responded with a status of 503 (Service Unavailable)',
  ]);
  pageErrors.length = 0;

  // The fault is cleared; nothing was lost: after a refresh, step2 still lists every answer.
  const cleared = await request.delete(`${sandboxURL}/_sandbox/faults`);
  expect(cleared.status()).toBe(200);
  await page.goto('/#/amount/step2');
  await page.reload();
  await expect(page).toHaveURL(/\/#\/amount\/step2$/);
  const answer = (term: string) =>
    page.locator('dt', { hasText: new RegExp(`^${term}$`) }).locator('xpath=following-sibling::dd[1]');
  await expect(answer('Email address')).toHaveText('sam.lee.retry@example.com');
  await expect(answer('Current address')).toContainText('12A Orchard Close');
  await expect(answer('Rent or mortgage each month')).toHaveText('£650');

  await consentAndCheck(page);
  await expect(page).toHaveURL(/\/#\/quote_review_b$/);
  expect(await storedAccessToken(page)).not.toBeNull();
});
