import { expect, test } from '../fixtures/test';

test('staff mode: the dialog asks for both fields, refuses wrong credentials, and acting for a borrower is announced on every screen', async ({
  page,
  checkScreen,
}) => {
  await page.goto('/#/login/home');
  await page.getByRole('button', { name: 'Staff sign-in' }).click();
  const dialog = page.getByRole('dialog', { name: 'Staff sign-in' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Account')).toBeFocused();

  // Spec §5: both are required, with exactly this message.
  await dialog.getByRole('button', { name: 'Sign in' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Please enter your account and password');
  await dialog.getByLabel('Account').fill('sandbox.staff');
  await dialog.getByRole('button', { name: 'Sign in' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Please enter your account and password');
  await checkScreen('borrower-staff-dialog-missing');

  await dialog.getByLabel('Password').fill('not-the-password');
  await dialog.getByRole('button', { name: 'Sign in' }).click();
  await expect(dialog.getByRole('alert')).not.toHaveText('Please enter your account and password');
  await expect(dialog.getByLabel('Password')).toHaveValue('');
  expect(await page.evaluate(() => localStorage.getItem('staff_login'))).toBeNull();

  await dialog.getByLabel('Password').fill('Meadow-Staff-2026');
  await dialog.getByRole('button', { name: 'Sign in' }).click();
  await expect(dialog).toBeHidden();

  // Staff mode: the banner is on every screen, and the e-mail login signs in as a borrower without a code.
  const banner = page.getByRole('region', { name: 'Staff mode' });
  await expect(page).toHaveURL(/#\/login\/emailLogin$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in as a borrower');
  await expect(banner).toContainText('Staff mode');
  await checkScreen('borrower-staff-email-login');
  await page.goto('/#/login/phoneLogin');
  await expect(banner).toBeVisible();
  await page.goto('/#/pin_log_in');
  await expect(banner).toBeVisible();

  await page.goto('/#/login/emailLogin');
  await page.getByLabel('Borrower’s e-mail address').fill('arrears@personas.example');
  await page.getByRole('button', { name: 'Sign in as this borrower' }).click();

  // Staff acting for a borrower land where the borrower would: their loan.
  await expect(page).toHaveURL(/#\/loanDashboard\/main$/);
  await expect(page.getByText('Signed in as Bailey Carter')).toBeVisible();
  await expect(banner).toContainText('You are acting for Bailey Carter');
  await checkScreen('borrower-staff-acting');
  await page.reload();
  await expect(banner).toContainText('You are acting for Bailey Carter');

  // Staff may not change the borrower's PIN (issue 5 §4): the BFF refuses, the screen says so inline.
  await page.goto('/#/login/setPin');
  await page.getByLabel('PIN', { exact: true }).fill('2468');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('PIN again').fill('2468');
  await page.getByRole('button', { name: 'Save my PIN' }).click();
  await expect(
    page.getByRole('link', { name: "Staff cannot change a borrower's e-mail address, phone number or PIN." }),
  ).toBeVisible();

  await banner.getByRole('button', { name: 'Leave staff mode' }).click();
  await expect(page).toHaveURL(/#\/login\/home$/);
  await expect(banner).toBeHidden();
  await expect(page.getByRole('button', { name: 'Staff sign-in' })).toBeVisible();
  expect(
    await page.evaluate(() => [localStorage.getItem('staff_login'), localStorage.getItem('accessToken')]),
  ).toEqual([null, null]);
});
