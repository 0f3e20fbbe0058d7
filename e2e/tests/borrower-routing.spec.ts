import { expect, test } from '../fixtures/test';

test('a path given outside the root is rewritten to its hash URL, query kept, before the router starts', async ({
  page,
  checkScreen,
}) => {
  const serviceChecks: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/application/getServiceDisable')) serviceChecks.push(request.url());
  });

  const answer = await page.goto('/loan/purpose?from=render');

  // The BFF serves index.html for the path; the app rewrites the address in place (no second load).
  expect(answer?.status()).toBe(200);
  await expect(page).toHaveURL(/\/#\/loan\/purpose\?from=render$/);
  expect(new URL(page.url()).pathname).toBe('/');
  // The one-page journey's screens come later: today the rewritten route is unknown.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('404 page not found...');
  expect(serviceChecks).toHaveLength(1);

  await checkScreen('borrower-rewritten-path-not-found');
});
