import { brandName } from '../fixtures/brand';
import { expect, test } from '../fixtures/test';

test('an unknown borrower route shows the 404 page, and Go back returns to the start', async ({
  page,
  request,
  checkScreen,
}) => {
  await page.goto('/#/no/such/page');

  await expect(page.getByRole('heading', { level: 1 })).toHaveText('404 page not found...');
  await checkScreen('borrower-not-found');

  await page.getByRole('link', { name: 'Go back' }).click();

  // The start screen is named after the default brand of the BFF's configuration.
  const displayName = await brandName(request);
  await expect(page).toHaveURL(/\/#\/login\/home$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(displayName);
});

test('an unknown finance-portal route shows the 404 page, and Go back returns to its start', async ({
  page,
  checkScreen,
}) => {
  await page.goto('/finance-portal/#/no/such/page');

  await expect(page.getByRole('heading', { level: 1 })).toHaveText('404 page not found...');
  await checkScreen('finance-portal-not-found');

  await page.getByRole('link', { name: 'Go back' }).click();

  await expect(page).toHaveURL(/\/finance-portal\/#\/login$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Finance portal');
});
