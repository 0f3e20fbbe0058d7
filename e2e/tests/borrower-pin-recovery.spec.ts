import type { Page } from '@playwright/test';
import { codeIn, newestMessage, personaEmail } from '../fixtures/mailbox';
import { expect, test } from '../fixtures/test';

/**
 * A borrower locks their PIN and gets back in (issue 14, journey 3): wrong PINs count down, the last try warns,
 * the lock says how to get back in, an e-mail code signs in and leads to choosing a new PIN (weak ones refused
 * with the reason), and the new PIN signs in. Alex Morgan (`up-to-date`, PIN 1357, born 14 March 1985) starts
 * with a PIN that is not locked.
 */

const email = personaEmail('up-to-date');
const oldPin = '1357';
const newPin = '2580';

const heading = (page: Page) => page.getByRole('heading', { level: 1 });

/** Where a borrower with a loan lands once signed in: their loan, with their name in the header. */
async function expectSignedIn(page: Page): Promise<void> {
  await expect(page).toHaveURL(/#\/loanDashboard\/main$/);
  await expect(page.getByRole('navigation', { name: 'Your account' })).toContainText('Signed in as Alex Morgan');
}

/** Tries a PIN on the PIN login, as typed into the form already showing the address. */
async function tryPin(page: Page, pin: string): Promise<void> {
  await page.getByLabel('PIN', { exact: true }).fill(pin);
  await page.getByRole('button', { name: 'Log in' }).click();
}

test('a borrower locks their PIN, recovers by e-mail code, chooses a new PIN and signs in with it', async ({
  page,
  request,
  sandboxURL,
  checkScreen,
  pageErrors,
}) => {
  test.setTimeout(240_000);

  await page.goto('/#/pin_log_in');
  await expect(heading(page)).toHaveText('Log in with your PIN');
  await page.getByLabel('E-mail address').fill(email);

  // Four wrong PINs: each says how many tries are left, the last one what happens next.
  for (const left of ['4 tries', '3 tries', '2 tries']) {
    await tryPin(page, '8642');
    await expect(page.getByRole('link', { name: `The e-mail address or PIN is not right. You have ${left} left.` })).toBeVisible();
  }
  await tryPin(page, '8642');
  const warning =
    'The e-mail address or PIN is not right. You have 1 try left. If it is not right, your PIN will be locked for 30 minutes.';
  await expect(page.getByRole('link', { name: warning })).toBeVisible();
  await expect(page.getByLabel('PIN', { exact: true })).toHaveAccessibleDescription(new RegExp(`Error: ${warning.replace(/\./g, '\\.')}$`));
  await checkScreen('borrower-pin-recovery-last-try');

  // The fifth locks it: the dialog says how to get back in, over the sign-in screen.
  await tryPin(page, '8642');
  const locked = page.getByRole('dialog', { name: 'Your PIN is locked' });
  await expect(locked).toContainText('To sign in now, use a code sent to your e-mail, then set a new PIN.');
  await checkScreen('borrower-pin-recovery-locked');
  await locked.getByRole('button', { name: 'Close' }).click();
  await expect(locked).toBeHidden();

  // Signing in with a code sent to the address.
  await page.goto('/#/login/emailLogin');
  await page.getByLabel('E-mail address').fill(email);
  await page.getByRole('button', { name: 'Email me a code' }).click();
  await expect(heading(page)).toHaveText('Check your e-mail');
  await page.getByLabel('Code').fill(codeIn(await newestMessage(request, sandboxURL, email)));
  await page.getByRole('button', { name: 'Continue' }).click();

  // The PIN is still locked: a new one comes first. A run of digits is refused before anything is sent.
  await expect(heading(page)).toHaveText('Choose a PIN');
  await expect(page).toHaveURL(/#\/login\/setPin$/);
  const pin = page.getByLabel('PIN', { exact: true });
  await pin.fill('1234');
  await page.getByRole('button', { name: 'Continue' }).click();
  const run = 'Your PIN cannot be numbers in order, like 1234 or 4321, or one number repeated, like 1111';
  await expect(page.getByRole('link', { name: run })).toBeVisible();
  await checkScreen('borrower-pin-recovery-run-refused');

  // The date of birth only the lending core knows: refused once sent, and the reason is back on setPin.
  await pin.fill('140385');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(heading(page)).toHaveText('Type your PIN again');
  await page.getByLabel('PIN again').fill('140385');
  await page.getByRole('button', { name: 'Save my PIN' }).click();
  await expect(heading(page)).toHaveText('Choose a PIN');
  await expect(page.getByRole('link', { name: 'Your PIN cannot be your date of birth' })).toBeVisible();
  await expect(pin).toHaveValue('');
  // The refusal is the call's HTTP 400, which the browser logs: the only error this journey may report.
  expect(pageErrors).toEqual(['console: Failed to load resource: the server responded with a status of 400 (Bad Request)']);
  pageErrors.length = 0;
  await checkScreen('borrower-pin-recovery-birthday-refused');

  await pin.fill(newPin);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('PIN again').fill(newPin);
  await page.getByRole('button', { name: 'Save my PIN' }).click();
  await expectSignedIn(page);

  // Signed out, the old PIN no longer works and the new one signs in.
  await page.getByRole('navigation', { name: 'Your account' }).getByRole('button', { name: 'Sign out' }).click();
  await page.getByRole('link', { name: 'Log in with your PIN' }).click();
  await expect(heading(page)).toHaveText('Log in with your PIN');
  await page.getByLabel('E-mail address').fill(email);
  await tryPin(page, oldPin);
  await expect(page.getByRole('link', { name: 'The e-mail address or PIN is not right. You have 4 tries left.' })).toBeVisible();
  await tryPin(page, newPin);
  await expectSignedIn(page);
});
