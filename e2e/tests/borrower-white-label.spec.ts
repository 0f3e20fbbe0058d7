import { brandConfig, brandName } from '../fixtures/brand';
import { codeIn, newestMessage, personaEmail } from '../fixtures/mailbox';
import { expect, test } from '../fixtures/test';
import type { Page } from '@playwright/test';

/** The computed background of the primary call to action. */
function primaryColour(page: Page): Promise<string> {
  return page
    .getByRole('link', { name: 'Log in with e-mail' })
    .evaluate((element) => getComputedStyle(element).backgroundColor);
}

test('the stored white-label flag themes the app with the white-label brand the BFF answers with', async ({
  page,
  request,
  checkScreen,
}) => {
  const { displayName, pageTitle } = await brandConfig(request, 'harbour');

  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Meadow Loans');
  // The default brand's primary green (#1d6b3e).
  expect(await primaryColour(page)).toBe('rgb(29, 107, 62)');

  await page.evaluate(() => {
    localStorage.setItem('whiteLabel', 'harbour');
  });
  const brandAnswer = page.waitForResponse((response) => response.url().includes('/eligibility/getRebrandParams'));
  await page.reload();

  expect(new URL((await brandAnswer).url()).searchParams.get('clientName')).toBe('harbour');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(displayName);
  // A screen without a title of its own has the brand's page title.
  await expect(page).toHaveTitle(String(pageTitle));
  // The white-label primary teal (#0b6468).
  expect(await primaryColour(page)).toBe('rgb(11, 100, 104)');

  await checkScreen('borrower-login-home-white-label');
});

test('a session that expires under the white label returns to its own sign-in path with the message', async ({
  page,
  request,
  sandboxURL,
  checkScreen,
}) => {
  const displayName = await brandName(request, 'harbour');
  const email = personaEmail('up-to-date');

  // Signed in from the white label's own sign-in path, which themes the app with its brand.
  await page.goto('/#/harbour/login/emailLogin');
  await expect(page.getByRole('banner')).toContainText(displayName);
  await page.getByLabel('E-mail address').fill(email);
  await page.getByRole('button', { name: 'Email me a code' }).click();
  await page.getByLabel('Code').fill(codeIn(await newestMessage(request, sandboxURL, email)));
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/#\/loanDashboard\/main$/);
  // The loan is on screen: every call of the sign-in and the dashboard has been answered.
  await expect(page.getByText('Amount borrowed')).toBeVisible();

  // The token's exp passes while the loan is on screen (the app checks it before every call).
  await page.evaluate(() => {
    const encode = (value: object) =>
      btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
    localStorage.setItem(
      'accessToken',
      `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ aud: 'borrower', exp: Math.floor(Date.now() / 1000) - 60 })}.x`,
    );
  });
  await page.reload();

  await expect(page).toHaveURL(/#\/harbour\/login\/emailLogin$/);
  await expect(page.getByRole('region', { name: 'You need to log in again' })).toContainText(
    'Your session token has expired. Please log in again.',
  );
  await expect(page.getByRole('banner')).toContainText(displayName);
  await checkScreen('borrower-white-label-session-expired');
});
