import { expect, test } from '../fixtures/test';

test('an unknown borrower route shows the 404 page, and Go back returns to the start', async ({
  page,
  checkScreen,
}) => {
  await page.goto('/#/no/such/page');

  await expect(page.getByRole('heading', { level: 1 })).toHaveText('404 page not found...');
  await checkScreen('borrower-not-found');

  const brandAnswer = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/v2/lender/eligibility/getRebrandParams',
  );
  await page.getByRole('link', { name: 'Go back' }).click();

  const envelope = (await (await brandAnswer).json()) as { resultData: { displayName: string } };
  await expect(page).toHaveURL(/\/#\/login\/home$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(envelope.resultData.displayName);
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
