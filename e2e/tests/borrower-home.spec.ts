import { expect, test } from '../fixtures/test';

test('opening / lands on /login/home named after the default brand the BFF got from the sandbox', async ({
  page,
  request,
  sandboxURL,
  checkScreen,
}) => {
  // The lending core (the sandbox) is the source of the brand; the page must show what it holds.
  const upstream = await request.get(`${sandboxURL}/lending/v1/brands/default`);
  expect(upstream.status()).toBe(200);
  const { displayName } = (await upstream.json()) as { displayName: string };
  expect(displayName).not.toBe('');

  await page.goto('/');

  await expect(page).toHaveURL(/\/#\/login\/home$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(displayName);
  await expect(page).toHaveTitle(displayName);

  await checkScreen('borrower-login-home');
});
