import { expect, test } from '../fixtures/test';

test('a path given outside the root is rewritten to its hash URL, query kept, before the router starts', async ({
  page,
  checkScreen,
}) => {
  const serviceChecks: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/application/getServiceDisable')) serviceChecks.push(request.url());
  });

  // How the hosted pages (bank consent, card checkout, identity check) send the browser back: a path, as
  // providers refuse a '#' in a return URL.
  const answer = await page.goto('/login/emailLogin?ref=mail');

  // The BFF serves index.html for the path; the app rewrites the address in place (no second load).
  expect(answer?.status()).toBe(200);
  await expect(page).toHaveURL(/\/#\/login\/emailLogin\?ref=mail$/);
  expect(new URL(page.url()).pathname).toBe('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Log in with your e-mail');
  expect(serviceChecks).toHaveLength(1);

  await checkScreen('borrower-rewritten-path');
});
