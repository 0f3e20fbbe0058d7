import type { Page } from '@playwright/test';
import { continueButton, heading, valueOf } from '../fixtures/journey-steps';
import { personaCustomerId, signInWithPin } from '../fixtures/loan-account';
import { codeIn, messagesTo, newestMessage, personaEmail } from '../fixtures/mailbox';
import { expect, test } from '../fixtures/test';

// Issue 16 §3, journeys 1 and 3: a borrower changes their e-mail address (by the link mailed to it), mobile
// number (by the code texted to it), address and PIN, and signs in again with the new PIN; staff acting for a
// borrower see the same details and cannot change them.

const DASHBOARD = /#\/loanDashboard\/main$/;
const accountNav = (page: Page) => page.getByRole('navigation', { name: 'Your account' });

/** The personal details, reached as a borrower would: the account menu, then the details. */
async function openPersonalDetails(page: Page): Promise<void> {
  await page.goto('/#/userMenu1');
  await page.getByRole('link', { name: 'Your personal details' }).click();
  await expect(heading(page)).toHaveText('Your personal details');
}

test('a borrower changes their e-mail address, mobile number, address and PIN, then signs in with the new PIN', async ({
  page,
  request,
  sandboxURL,
  checkScreen,
}) => {
  test.setTimeout(240_000);
  const oldEmail = personaEmail('up-to-date');
  const newEmail = 'alex.morgan.new@example.com';
  await signInWithPin(page, personaEmail('up-to-date'));
  await expect(page).toHaveURL(DASHBOARD);
  await openPersonalDetails(page);
  await expect(valueOf(page, 'Name')).toHaveText('Alex Morgan');
  await expect(valueOf(page, 'Email address')).toHaveText(oldEmail);
  // The middle four digits of the number are masked (spec §9), and the whole number is never sent to the page.
  await expect(valueOf(page, 'Mobile number')).toHaveText('077****0101');
  await checkScreen('borrower-profile-details');

  // E-mail: the new address is proved by the link mailed to it before it replaces the old one, which is told.
  await page.getByRole('link', { name: 'Change email address' }).click();
  await expect(heading(page)).toHaveText('What is your new email address?');
  await page.getByLabel('New email address').fill('not-an-address');
  await page.getByRole('button', { name: 'Send the link' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'There is a problem' })).toBeVisible();
  await expect(page.getByLabel('New email address')).toHaveValue('not-an-address');
  await checkScreen('borrower-profile-email-error');
  await page.getByLabel('New email address').fill(newEmail);
  await page.getByRole('button', { name: 'Send the link' }).click();
  await expect(heading(page)).toHaveText('Check your email');
  await checkScreen('borrower-profile-email-sent');
  const link = (await newestMessage(request, sandboxURL, newEmail)).links.find((href) => href.includes('emailVerify'));
  if (link === undefined) throw new Error('the mail to the new address has no confirmation link');
  await page.goto(link);
  await expect(heading(page)).toHaveText('Your email address is changed');
  await checkScreen('borrower-profile-email-changed');
  const told = await messagesTo(request, sandboxURL, oldEmail);
  expect(told[0]?.subject ?? '', 'the old address is told of the change').toMatch(/e-mail address was changed/i);
  expect(told[0]?.text ?? '').not.toContain(newEmail.split('@')[0] ?? newEmail);
  const customer = (await (await request.get(`${sandboxURL}/lending/v1/customers/${personaCustomerId('up-to-date')}`)).json()) as {
    email: string;
  };
  expect(customer.email).toBe(newEmail);

  // Mobile number: proved by the code texted to it.
  await openPersonalDetails(page);
  await expect(valueOf(page, 'Email address')).toHaveText(newEmail);
  await page.getByRole('link', { name: 'Change mobile number' }).click();
  await expect(heading(page)).toHaveText('What is your new mobile number?');
  await page.getByLabel('UK mobile number').fill('07700 900 555');
  await page.getByRole('button', { name: 'Send the code' }).click();
  await expect(heading(page)).toHaveText('Check your phone');
  await checkScreen('borrower-profile-phone-code');
  await page.getByLabel('Code').fill(codeIn(await newestMessage(request, sandboxURL, '+447700900555', { kind: 'sms' })));
  await page.getByRole('button', { name: 'Change my number' }).click();
  await expect(heading(page)).toHaveText('Your personal details');
  await expect(valueOf(page, 'Mobile number')).toHaveText('077****0555');

  // Address: found by postcode, checked, confirmed; the cards' billing address follows.
  await page.getByRole('link', { name: 'Change address' }).click();
  await expect(heading(page)).toHaveText('What is your new address?');
  await page.getByRole('textbox', { name: 'Postcode' }).fill('LM3 8RD');
  await page.getByRole('button', { name: 'Find address' }).click();
  await page.getByRole('radio', { name: /^12A Orchard Close/ }).check();
  await checkScreen('borrower-profile-address');
  await continueButton(page).click();
  await expect(heading(page)).toHaveText('Check your new address');
  await checkScreen('borrower-profile-address-check');
  await page.getByRole('button', { name: 'Confirm my new address' }).click();
  await expect(heading(page)).toHaveText('Your address is changed');
  await checkScreen('borrower-profile-address-changed');
  await openPersonalDetails(page);
  await expect(valueOf(page, 'Address')).toContainText('12A Orchard Close');

  // PIN: the current one is checked, the new one typed twice.
  await page.getByRole('link', { name: 'Change PIN' }).click();
  await expect(heading(page)).toHaveText('Enter your current PIN');
  await page.getByLabel('Current PIN').fill('1357');
  await continueButton(page).click();
  await expect(heading(page)).toHaveText('Choose a new PIN');
  await page.getByLabel('New PIN', { exact: true }).fill('2580');
  await continueButton(page).click();
  await expect(heading(page)).toHaveText('Type your new PIN again');
  await page.getByLabel('New PIN again').fill('2580');
  await checkScreen('borrower-profile-pin-again');
  await page.getByRole('button', { name: 'Change my PIN' }).click();
  await expect(heading(page)).toHaveText('Your personal details');

  // Signed out, the borrower signs in with the new address and the new PIN; the old PIN no longer works.
  await accountNav(page).getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/#\/login\/home$/);
  await signInWithPin(page, newEmail, '2580');
  await expect(page).toHaveURL(DASHBOARD);
  await expect(accountNav(page)).toContainText('Signed in as Alex Morgan');
});

test('staff acting for a borrower see their details and cannot change their e-mail, phone, address or PIN', async ({
  page,
  checkScreen,
}) => {
  await page.goto('/#/login/home');
  await page.getByRole('button', { name: 'Staff sign-in' }).click();
  const dialog = page.getByRole('dialog', { name: 'Staff sign-in' });
  await dialog.getByLabel('Account').fill('sandbox.staff');
  await dialog.getByLabel('Password').fill('Meadow-Staff-2026');
  await dialog.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/#\/login\/emailLogin$/);
  await page.getByLabel('Borrower’s e-mail address').fill(personaEmail('arrears'));
  await page.getByRole('button', { name: 'Sign in as this borrower' }).click();
  await expect(page).toHaveURL(DASHBOARD);

  await openPersonalDetails(page);
  await expect(valueOf(page, 'Email address')).toHaveText(personaEmail('arrears'));
  await expect(page.getByText('Staff acting for a borrower cannot change their email address, mobile number, address or PIN.')).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: /^Change/ })).toHaveCount(0);
  await checkScreen('borrower-profile-staff');

  // A change screen opened by its address offers no form either.
  for (const path of ['/edit-email', '/edit-phone', '/edit-addressA', '/edit-pin']) {
    await page.goto(`/#${path}`);
    await expect(page.getByText('Staff acting for a borrower cannot change')).toBeVisible();
    await expect(page.getByRole('textbox')).toHaveCount(0);
  }
});
