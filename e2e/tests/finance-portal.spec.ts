import { brandName } from '../fixtures/brand';
import { expect, test } from '../fixtures/test';

test('the finance portal opens on its login screen with the brand from the BFF', async ({
  page,
  request,
  checkScreen,
}) => {
  const displayName = await brandName(request);

  await page.goto('/finance-portal/');

  await expect(page).toHaveURL(/\/finance-portal\/#\/login$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Finance portal');
  await expect(page.getByText(displayName, { exact: true })).toBeVisible();

  await checkScreen('finance-portal-login');
});
