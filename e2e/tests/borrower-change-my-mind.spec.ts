import type { APIRequestContext, Page } from '@playwright/test';
import { valueOf } from '../fixtures/journey-steps';
import { personaEmail, signInWithEmailCode } from '../fixtures/mailbox';
import { expect, test } from '../fixtures/test';

/** Signs a seeded persona in with a code from the sandbox mailbox; they resume at `resumesAt`. */
async function signIn(page: Page, request: APIRequestContext, sandboxURL: string, email: string, resumesAt: string) {
  await signInWithEmailCode(page, request, sandboxURL, email);
  await expect(page).toHaveURL(new RegExp(`#${resumesAt}$`));
}

/** The application's status as the lending core has it. */
async function lendingStatus(request: APIRequestContext, sandboxURL: string, applicationId: string): Promise<string> {
  const answer = await request.get(`${sandboxURL}/lending/v1/applications/${applicationId}`);
  return ((await answer.json()) as { status: string }).status;
}

interface LendingApplication {
  id: string;
  status: string;
  quote: { amountPence: number; termMonths: number };
  withdrawal?: { reason: string; replacedBy?: string };
}

/** A customer's applications as the lending core has them, newest first. */
async function lendingApplications(
  request: APIRequestContext,
  sandboxURL: string,
  customerId: string,
): Promise<LendingApplication[]> {
  const answer = await request.get(`${sandboxURL}/lending/v1/applications?customerId=${customerId}`);
  return ((await answer.json()) as { applications: LendingApplication[] }).applications;
}

test('an applicant about to sign changes their mind, says No, then withdraws; signing in again shows it withdrawn, and they start a new application', async ({
  page,
  request,
  sandboxURL,
  checkScreen,
}) => {
  test.setTimeout(120_000);
  const email = personaEmail('regstage-signature');
  await signIn(page, request, sandboxURL, email, '/sign');

  // The way out is on the signing page.
  await page.getByRole('link', { name: 'I have changed my mind' }).click();
  await expect(page).toHaveURL(/#\/change-my-mind$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('You can still change your mind');
  await expect(page.getByText('You applied for a loan of £5,000.00 over 24 months.', { exact: false })).toBeVisible();
  await expect(page.getByText(/does not affect your credit score/)).toBeVisible();
  await checkScreen('borrower-change-my-mind');

  // Nothing chosen: the error summary takes focus.
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'There is a problem' })).toBeFocused();
  await expect(page.getByRole('link', { name: 'Select yes if you want to withdraw your application' })).toBeVisible();
  await checkScreen('borrower-change-my-mind-error');

  // No: back to signing, with nothing withdrawn.
  await page.getByLabel('No', { exact: true }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/#\/sign$/);
  await expect(page.getByLabel('Your full name')).toBeVisible();
  expect(await lendingStatus(request, sandboxURL, 'app_regstage_signature')).toBe('approved');

  // Yes: withdrawn, and confirmed.
  await page.getByRole('link', { name: 'I have changed my mind' }).click();
  await page.getByLabel('Yes', { exact: true }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your application has been withdrawn');
  await expect(page.getByText('We will not lend you the money, and you have nothing to pay')).toBeVisible();
  await checkScreen('borrower-change-my-mind-withdrawn');
  expect(await lendingStatus(request, sandboxURL, 'app_regstage_signature')).toBe('withdrawn');

  // Signing in again does not lead back into the steps after approval: the withdrawal is confirmed.
  await page.goto('/#/login/home');
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page.getByRole('button', { name: 'Log out' })).toBeHidden();
  await signIn(page, request, sandboxURL, email, '/change-my-mind');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your application has been withdrawn');

  // A new application for the same loan: as a customer already, they are not sent to register again. A new legacy
  // application resumes at its welcome (spec §4), which leads on to its quote.
  await page.getByRole('button', { name: 'Start a new application' }).click();
  await expect(page).toHaveURL(/#\/start_b$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your application');
  await checkScreen('borrower-change-my-mind-new-application');
  const [fresh, closed, ...older] = await lendingApplications(request, sandboxURL, 'cus_regstage_signature');
  expect(older).toEqual([]);
  expect(fresh).toMatchObject({ status: 'in_progress', quote: { amountPence: 500_000, termMonths: 24 } });
  expect(closed).toMatchObject({
    id: 'app_regstage_signature',
    status: 'withdrawn',
    withdrawal: { reason: 'applicant_changed_mind', replacedBy: fresh?.id },
  });

  // Its quote, where the amount and term can be changed.
  await page.getByRole('link', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/#\/quote_review$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Confirm your loan');
  await expect(valueOf(page, 'Amount')).toHaveText('£5,000.00');
  await expect(valueOf(page, 'Term')).toHaveText('24 months');
  await expect(page.getByRole('button', { name: 'Change the amount or term' })).toBeVisible();
  await checkScreen('borrower-change-my-mind-new-quote');
});

test('an approved applicant choosing a PIN can change their mind, and No brings them back', async ({
  page,
  request,
  sandboxURL,
}) => {
  await signIn(page, request, sandboxURL, personaEmail('regstage-setpassword'), '/approved');
  await page.getByRole('link', { name: 'I have changed my mind' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('You can still change your mind');
  await page.getByLabel('No', { exact: true }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/#\/approved$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your loan is approved');
  expect(await lendingStatus(request, sandboxURL, 'app_regstage_setpassword')).toBe('approved');
});
