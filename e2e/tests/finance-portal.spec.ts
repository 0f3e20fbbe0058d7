import { expect, test } from '../fixtures/test';

test('the finance portal opens on its login screen with the brand from the BFF', async ({
  page,
  request,
  sandboxURL,
  checkScreen,
}) => {
  // The lending core (the sandbox) is the source of the brand; the portal must show what it holds.
  const upstream = await request.get(`${sandboxURL}/lending/v1/brands/default`);
  expect(upstream.status()).toBe(200);
  const { displayName } = (await upstream.json()) as { displayName: string };

  await page.goto('/finance-portal/');

  await expect(page).toHaveURL(/\/finance-portal\/#\/login$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Finance portal');
  await expect(page.getByText(displayName, { exact: true })).toBeVisible();

  await checkScreen('finance-portal-login');
});
