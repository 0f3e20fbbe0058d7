import type { APIRequestContext } from '@playwright/test';
import { expect, test } from '../fixtures/test';

interface FaultList {
  faults: { provider: string; latencyMs: number; status: number }[];
}

/** The sandbox's active faults (its control API, GET /_sandbox/faults). */
async function activeFaults(request: APIRequestContext, sandboxURL: string): Promise<FaultList['faults']> {
  const answer = await request.get(`${sandboxURL}/_sandbox/faults`);
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as FaultList).faults;
}

test('a forced Internal Server Error reaches /error', async ({ page, request, sandboxURL, pageErrors, checkScreen }) => {
  // The clean-state fixture reset the sandbox: no fault left over from another test.
  expect(await activeFaults(request, sandboxURL)).toEqual([]);

  // The brand comes from the lending core too: let it arrive before the fault, so the sign-in is what fails.
  const brandLoaded = page.waitForResponse((response) => response.url().includes('/eligibility/getRebrandParams'));
  await page.goto('/#/pin_log_in');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Log in with your PIN');
  expect((await brandLoaded).status()).toBe(200);

  // Every call to the lending core now answers 409 sandbox_fault; the BFF reports it as 'Internal Server Error'.
  const forced = await request.post(`${sandboxURL}/_sandbox/faults`, { data: { provider: 'lending', status: 409 } });
  expect(forced.status()).toBe(200);
  expect(await activeFaults(request, sandboxURL)).toEqual([{ provider: 'lending', latencyMs: 0, status: 409 }]);

  await page.getByLabel('E-mail address').fill('payment-holiday@personas.example');
  await page.getByLabel('PIN', { exact: true }).fill('1357');
  await page.getByRole('button', { name: 'Log in' }).click();

  await expect(page).toHaveURL(/#\/error$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sorry, something went wrong');
  await expect(page.getByText('There is a problem on our side. It is not something you did.')).toBeVisible();
  // The browser reports the failed sign-in call (the BFF answers an upstream fault with HTTP 502), and only it.
  expect(pageErrors).toEqual([
    'console: Failed to load resource: the server responded with a status of 502 (Bad Gateway)',
  ]);
  pageErrors.length = 0;
  await checkScreen('borrower-error');

  // The fault is cleared (DELETE /_sandbox/faults) and the person goes back to the start.
  const cleared = await request.delete(`${sandboxURL}/_sandbox/faults`);
  expect(cleared.status()).toBe(200);
  expect(await activeFaults(request, sandboxURL)).toEqual([]);
  await page.getByRole('link', { name: 'Go back to the start' }).click();

  await expect(page).toHaveURL(/#\/login\/home$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Meadow Loans');
  await expect(page.getByRole('link', { name: 'Log in with your PIN' })).toBeVisible();
});
