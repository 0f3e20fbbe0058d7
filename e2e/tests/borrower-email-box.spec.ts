import { expect, test } from '../fixtures/test';

test('the sandbox mailbox lists the personas and test data, and finds the text messages sent to a number', async ({
  page,
  checkScreen,
}) => {
  await page.goto('/#/login/home');
  await page.getByRole('link', { name: 'sandbox mailbox' }).click();

  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sandbox mailbox');
  const personas = page.getByRole('region', { name: 'Personas and test data' });
  await expect(personas).toContainText('up-to-date@personas.example');
  await expect(personas.getByRole('heading', { name: 'Test cards' })).toBeVisible();
  await expect(personas.getByRole('heading', { name: 'Share codes' })).toBeVisible();
  // The sandbox user's token lives in this tab's session storage (spec §3, §6), not with the borrower's.
  expect(await page.evaluate(() => sessionStorage.getItem('sandboxToken'))).not.toBeNull();
  expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
  await checkScreen('borrower-email-box');

  // Ask for an SMS code, then find it in the mailbox.
  await page.goto('/#/login/phoneLogin');
  await page.getByLabel('UK mobile number').fill('07700900104');
  await page.getByRole('button', { name: 'Text me a code' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Check your text message');

  await page.goto('/#/email-box');
  await page.getByLabel('E-mail address or mobile number').fill('+447700900104');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Messages to +447700900104' })).toBeVisible();
  await page.getByRole('listitem').filter({ hasText: 'Text message' }).getByRole('button').first().click();
  await expect(page.getByRole('article')).toContainText(/sign-in code is \d{6}/);
  await checkScreen('borrower-email-box-sms');
});
