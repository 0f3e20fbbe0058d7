import type { APIRequestContext, Page } from '@playwright/test';
import { registerApplicant } from '../fixtures/applicant';
import { expect, test } from '../fixtures/test';
import { newestMessage, personaEmail, signInWithEmailCode } from '../fixtures/mailbox';

/**
 * /email_update: an applicant whose confirmation link went to a mistyped address gives the right one, from the
 * legacy emailConf screen or the one-page e-mail step; the new address gets a new link, which confirms the
 * address and moves the application on, while a link sent to the old address confirms nothing.
 */

const heading = (page: Page) => page.getByRole('heading', { level: 1 });

/** The e-mail confirmation link in the newest mail to `email`. */
async function confirmationLink(request: APIRequestContext, sandboxURL: string, email: string): Promise<string> {
  const mail = await newestMessage(request, sandboxURL, email);
  const link = mail.links.find((candidate) => candidate.includes('#/email_verify_soft?token='));
  if (link === undefined) throw new Error(`no confirmation link in message ${mail.id}`);
  return link;
}

/** Types `email` in place of what the field holds and asks for a new link. */
async function sendNewLink(page: Page, email: string) {
  await page.getByRole('textbox', { name: 'Email address' }).fill(email);
  await page.getByRole('button', { name: 'Send a new link' }).click();
}

test('an applicant at email_verify_again corrects the address; the link sent to it confirms and resumes', async ({
  page,
  request,
  sandboxURL,
  checkScreen,
  pageErrors,
}) => {
  test.setTimeout(120_000);
  const mistyped = personaEmail('regstage-emailconf');
  const right = 'jesse.stone@example.com';
  await signInWithEmailCode(page, request, sandboxURL, mistyped);
  await expect(page).toHaveURL(/#\/email_verify_again$/);

  await page.getByRole('link', { name: 'Change your email address' }).click();
  await expect(heading(page)).toHaveText('Change your email address');
  await expect(page.getByRole('textbox', { name: 'Email address' })).toHaveValue(mistyped);
  await checkScreen('borrower-email-update');

  // A malformed address, then one that belongs to another account: each told in the summary, which takes focus.
  // The first is refused as the BFF would refuse it, before anything is sent: only the second call fails below.
  const summary = page.getByRole('alert', { name: 'There is a problem' });
  await sendNewLink(page, 'jesse..stone@example.com');
  await expect(summary).toContainText('Enter an email address in the correct format, like name@example.com');
  await expect(summary).toBeFocused();
  await checkScreen('borrower-email-update-error');
  await sendNewLink(page, personaEmail('up-to-date'));
  await expect(summary).toContainText('This email address belongs to another account');
  await expect(summary).toBeFocused();
  await expect(page.getByRole('textbox', { name: 'Email address' })).toHaveValue(personaEmail('up-to-date'));
  // The refusal is the call's HTTP 400, which the browser logs: the only error this journey may report.
  expect(pageErrors).toEqual(['console: Failed to load resource: the server responded with a status of 400 (Bad Request)']);
  pageErrors.length = 0;

  await sendNewLink(page, right);
  await expect(page).toHaveURL(/#\/email_verify_again$/);
  await expect(page.getByRole('region', { name: 'Email address changed' })).toContainText(`We have sent a new link to ${right}`);
  await checkScreen('borrower-email-update-sent');

  await page.goto(await confirmationLink(request, sandboxURL, right));
  await expect(page).toHaveURL(/#\/connect_accounts$/);
  await expect(heading(page)).toHaveText('Connect your bank');
});

test('an applicant on the one-page e-mail step corrects the address; the old link is dead, the new one confirms', async ({
  page,
  request,
  sandboxURL,
  checkScreen,
  pageErrors,
}) => {
  test.setTimeout(120_000);
  const applicant = await registerApplicant(page);
  const oldLink = await confirmationLink(request, sandboxURL, applicant.email);
  const right = applicant.email.replace('@', '.right@');

  await page.goto('/#/start2');
  await page.getByRole('link', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Confirm my loan' }).click();
  await expect(page).toHaveURL(/#\/loan\/confirm-email$/);

  await page.getByRole('link', { name: 'Change your email address' }).click();
  await expect(heading(page)).toHaveText('Change your email address');
  await page.getByRole('button', { name: 'Send a new link' }).click();
  // The address it has already is not a change.
  await expect(page.getByRole('alert', { name: 'There is a problem' })).toContainText(
    'This is the email address we already have',
  );
  expect(pageErrors).toEqual(['console: Failed to load resource: the server responded with a status of 400 (Bad Request)']);
  pageErrors.length = 0;
  await sendNewLink(page, right);

  await expect(page).toHaveURL(/#\/loan\/confirm-email$/);
  await expect(heading(page)).toHaveText('Confirm your e-mail address');
  await expect(page.getByRole('region', { name: 'Email address changed' })).toContainText(`We have sent a new link to ${right}`);
  await checkScreen('borrower-one-page-email-changed');

  // The link mailed to the mistyped address confirms nothing now (spec §4: the 'Email verification failed' popup).
  await page.goto(oldLink);
  const popup = page.getByRole('dialog', { name: 'Email verification failed' });
  await expect(popup).toBeVisible();
  await popup.getByRole('button', { name: 'Close' }).click();
  await expect(popup).toBeHidden();

  await page.goto(await confirmationLink(request, sandboxURL, right));
  await expect(heading(page)).toHaveText('What is the loan for?');
  await expect(page).toHaveURL(/#\/loan\/purpose$/);
});
