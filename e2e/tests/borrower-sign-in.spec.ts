import type { APIRequestContext, Page } from '@playwright/test';
import { newCustomer } from '../fixtures/applicant';
import { codeIn, newestMessage } from '../fixtures/mailbox';
import { expect, test } from '../fixtures/test';

/** The keys of local storage, sorted. */
function storedKeys(page: Page): Promise<string[]> {
  return page.evaluate(() => Object.keys(localStorage).sort());
}

async function signInWithEmailCode(page: Page, request: APIRequestContext, sandboxURL: string, email: string) {
  await page.goto('/#/login/emailLogin');
  await page.getByLabel('E-mail address').fill(email);
  await page.getByRole('button', { name: 'Email me a code' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Check your e-mail');
  const mail = await newestMessage(request, sandboxURL, email);
  await page.getByLabel('Code').fill(codeIn(mail));
  await page.getByRole('button', { name: 'Continue' }).click();
}

test('a new person signs in with a link from the sandbox mailbox, chooses a PIN, and later signs in with it', async ({
  page,
  request,
  sandboxURL,
  baseURL,
  checkScreen,
}) => {
  const email = await newCustomer(request, sandboxURL);

  await page.goto('/#/login/home');
  await page.getByRole('link', { name: 'Log in with e-mail' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Log in with your e-mail');
  await page.getByLabel('E-mail address').fill(email);
  await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Check your e-mail');
  await checkScreen('borrower-sign-in-link-sent');

  // The mailbox screen, as a tester would use it.
  await page.goto('/#/email-box');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sandbox mailbox');
  await page.getByLabel('E-mail address or mobile number').fill(email);
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('button', { name: /sign-in link$/ }).click();
  const mail = page.getByRole('article');
  await expect(mail.getByRole('link', { name: /^Sign in to / })).toBeVisible();
  // The link starts with the BFF's public URL, which global-setup made the stack's own address.
  const href = await mail.getByRole('link', { name: /^Sign in to / }).getAttribute('href');
  expect(href?.startsWith(`${baseURL ?? ''}/#/login/emailMagicLink?token=`), `the link leads to ${baseURL ?? ''}`).toBe(true);
  await checkScreen('borrower-email-box-message');
  await mail.getByRole('link', { name: /^Sign in to / }).click();

  // Signed in by the link, in this tab; someone without a PIN chooses one.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Choose a PIN');
  await expect(page).toHaveURL(/#\/login\/setPin$/);
  await checkScreen('borrower-sign-in-set-pin');
  await page.getByLabel('PIN', { exact: true }).fill('2468');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Type your PIN again');
  await checkScreen('borrower-sign-in-repeat-pin');
  await page.getByLabel('PIN again').fill('2469');
  await page.getByRole('button', { name: 'Save my PIN' }).click();
  await expect(page.getByRole('link', { name: 'The PINs do not match. Enter the same PIN twice.' })).toBeVisible();
  await page.getByLabel('PIN again').fill('2468');
  await page.getByRole('button', { name: 'Save my PIN' }).click();
  // Someone with neither an application nor a loan goes on to start one.
  await expect(page).toHaveURL(/#\/amount\/amount_default$/);
  await expect(page.getByRole('navigation', { name: 'Your account' })).toContainText('Signed in as Robin Newman');
  await checkScreen('borrower-sign-in-new-person-starts');

  await page.getByRole('navigation', { name: 'Your account' }).getByRole('button', { name: 'Sign out' }).click();
  await page.getByRole('link', { name: 'Log in with your PIN' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Log in with your PIN');
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('PIN', { exact: true }).fill('1111');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('link', { name: 'The e-mail address or PIN is not right.' })).toBeVisible();
  await checkScreen('borrower-sign-in-pin-wrong');
  await page.getByLabel('PIN', { exact: true }).fill('2468');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/#\/amount\/amount_default$/);
  await expect(page.getByRole('navigation', { name: 'Your account' })).toContainText('Signed in as Robin Newman');
});

test('a customer signs in with a code sent by e-mail, pasted with spaces', async ({ page, request, sandboxURL, checkScreen }) => {
  const email = 'up-to-date@personas.example';
  await page.goto('/#/login/emailLogin');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Log in with your e-mail');
  // The e-mail login as everyone first sees it (the link journey above passes the same screen).
  await checkScreen('borrower-sign-in-email-login');
  await page.getByLabel('E-mail address').fill(email);
  await page.getByRole('button', { name: 'Email me a code' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Check your e-mail');
  await expect(page).toHaveURL(/#\/login\/emailCode$/);
  await checkScreen('borrower-sign-in-email-code');

  const code = codeIn(await newestMessage(request, sandboxURL, email));
  const field = page.getByLabel('Code');
  await expect(field).toHaveAttribute('autocomplete', 'one-time-code');
  await field.focus();
  await page.keyboard.insertText(` ${code.slice(0, 3)} ${code.slice(3)} `);
  await expect(field).toHaveValue(code);
  await page.getByRole('button', { name: 'Continue' }).click();

  // Alex Morgan has a PIN and a loan: straight to it, and the spec §3 keys are kept.
  await expect(page).toHaveURL(/#\/loanDashboard\/main$/);
  await expect(page.getByText('Signed in as Alex Morgan')).toBeVisible();
  expect(await storedKeys(page)).toEqual(
    expect.arrayContaining(['accessToken', 'abChoice', 'applyId', 'email', 'firstName', 'lastName', 'uuid']),
  );
});

test('a customer signs in with a code sent by text message', async ({ page, request, sandboxURL, checkScreen }) => {
  await page.goto('/#/login/home');
  await page.getByRole('link', { name: 'Log in with your phone' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Log in with your phone');
  await checkScreen('borrower-sign-in-phone-login');
  await page.getByLabel('UK mobile number').fill('07700 900102');
  await page.getByRole('button', { name: 'Text me a code' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Check your text message');
  await checkScreen('borrower-sign-in-phone-code');

  const sms = await newestMessage(request, sandboxURL, '+447700900102', { kind: 'sms' });
  await page.getByLabel('Code').fill(codeIn(sms));
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page).toHaveURL(/#\/loanDashboard\/main$/);
  await expect(page.getByText('Signed in as Bailey Carter')).toBeVisible();
});

test('five wrong codes kill the code: even the right one no longer works', async ({ page, request, sandboxURL, checkScreen }) => {
  const email = 'settled@personas.example';
  await page.goto('/#/login/emailLogin');
  await page.getByLabel('E-mail address').fill(email);
  await page.getByRole('button', { name: 'Email me a code' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Check your e-mail');
  const code = codeIn(await newestMessage(request, sandboxURL, email));
  const wrong = code === '000000' ? '111111' : '000000';

  for (const left of ['4 tries', '3 tries', '2 tries', '1 try']) {
    await page.getByLabel('Code').fill(wrong);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('link', { name: `That code is not right. You have ${left} left.` })).toBeVisible();
  }
  await checkScreen('borrower-sign-in-wrong-code');
  await page.getByLabel('Code').fill(wrong);
  await page.getByRole('button', { name: 'Continue' }).click();

  // The fifth wrong code: back to the e-mail login with the message.
  await expect(page).toHaveURL(/#\/login\/emailLogin$/);
  await expect(page.getByRole('region', { name: 'You need to log in again' })).toContainText('no longer works');
  await checkScreen('borrower-sign-in-code-dead');

  // The right code is dead too; the code screen still knows the address (session storage, not the URL).
  await page.goto('/#/login/emailCode');
  await page.getByLabel('Code').fill(code);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/#\/login\/emailLogin$/);
  await expect(page.getByRole('region', { name: 'You need to log in again' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
});

test('an expired session token lands on the e-mail login with the message', async ({ page, request, sandboxURL }) => {
  await signInWithEmailCode(page, request, sandboxURL, 'up-to-date@personas.example');
  await expect(page).toHaveURL(/#\/loanDashboard\/main$/);
  await expect(page.getByText('Signed in as Alex Morgan')).toBeVisible();
  // The loan is on screen: every call of the sign-in and the dashboard has been answered.
  await expect(page.getByText('Amount borrowed')).toBeVisible();

  // The stored token's exp passes while the loan is on screen (the server side is not asked: the app checks before every request).
  await page.evaluate(() => {
    const encode = (value: object) =>
      btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
    const expired = `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ aud: 'borrower', exp: Math.floor(Date.now() / 1000) - 60 })}.x`;
    localStorage.setItem('accessToken', expired);
  });
  await page.reload();

  await expect(page).toHaveURL(/#\/login\/emailLogin$/);
  await expect(page.getByRole('region', { name: 'You need to log in again' })).toContainText(
    'Your session token has expired. Please log in again.',
  );
  // The check before the navigation was never sent: that is not the service being down.
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
});

test('logging out keeps the platform marker, the staff flag and the brand flag, and nothing else', async ({
  page,
  checkScreen,
}) => {
  // The white-label path sets the brand flag.
  await page.goto('/#/harbour/login/emailLogin');
  await expect(page.getByRole('banner')).toContainText('Harbour Credit');
  await checkScreen('borrower-sign-in-white-label-email-login');
  // A member of staff signs in (the staff flag) and acts for a borrower.
  await page.goto('/#/login/home');
  await page.getByRole('button', { name: 'Staff sign-in' }).click();
  const dialog = page.getByRole('dialog', { name: 'Staff sign-in' });
  await dialog.getByLabel('Account').fill('sandbox.staff');
  await dialog.getByLabel('Password').fill('Meadow-Staff-2026');
  await dialog.getByRole('button', { name: 'Sign in' }).click();
  await page.getByLabel('Borrower’s e-mail address').fill('up-to-date@personas.example');
  await page.getByRole('button', { name: 'Sign in as this borrower' }).click();
  await expect(page.getByText('Signed in as Alex Morgan')).toBeVisible();
  expect(await storedKeys(page)).toEqual(expect.arrayContaining(['accessToken', 'platform', 'staff_login', 'whiteLabel']));

  await page.getByRole('navigation', { name: 'Your account' }).getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('link', { name: 'Log in with e-mail' })).toBeVisible();

  expect(await storedKeys(page)).toEqual(['platform', 'staff_login', 'whiteLabel']);
  // Still staff mode, acting for nobody.
  await expect(page.getByRole('region', { name: 'Staff mode' })).not.toContainText('You are acting for');
});

test('a PIN login for someone without a PIN leads to the other ways in, with the reason', async ({ page, checkScreen }) => {
  await page.goto('/#/pin_log_in');
  await checkScreen('borrower-sign-in-pin-login');
  await page.getByLabel('E-mail address').fill('regstage-welcome@personas.example');
  await page.getByLabel('PIN', { exact: true }).fill('1357');
  await page.getByRole('button', { name: 'Log in' }).click();

  await expect(page).toHaveURL(/#\/login\/redirectLogin$/);
  await expect(page.getByRole('region', { name: 'Important' })).not.toBeEmpty();
  await expect(page.getByRole('link', { name: 'Log in with e-mail' })).toBeVisible();
  await checkScreen('borrower-sign-in-redirect-login');
});

test('a signed-in person confirms it is them with their PIN at /idverify', async ({ page, request, sandboxURL, checkScreen }) => {
  await signInWithEmailCode(page, request, sandboxURL, 'payment-holiday@personas.example');
  await expect(page.getByText('Signed in as Casey Doyle')).toBeVisible();

  await page.goto('/#/idverify');
  await expect(page).toHaveURL(/#\/idverify\/pinCode$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Enter your PIN');
  await checkScreen('borrower-idverify-pin');
  await page.getByLabel('PIN', { exact: true }).fill('1357');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Signed in as Casey Doyle')).toBeVisible();
});
