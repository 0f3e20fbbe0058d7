import { brandName } from '../fixtures/brand';
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
  const displayName = await brandName(request, 'harbour');

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
  await expect(page).toHaveTitle(displayName);
  // The white-label primary teal (#0b6468).
  expect(await primaryColour(page)).toBe('rgb(11, 100, 104)');

  await checkScreen('borrower-login-home-white-label');
});
