import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../fixtures/test';
import { newestMessage, personaEmail, signInWithEmailCode } from '../fixtures/mailbox';

const heading = (page: Page) => page.getByRole('heading', { level: 1 });

/** Signs a seeded persona in with a code sent by e-mail, as a person would. */
async function signIn(page: Page, request: APIRequestContext, sandboxURL: string, persona: string) {
  await signInWithEmailCode(page, request, sandboxURL, personaEmail(persona));
}

/** Where each seeded legacy persona lands after signing in (the two tables of sandbox/README.md). */
const LANDINGS: readonly { persona: string; lands: RegExp }[] = [
  { persona: 'regstage-welcome', lands: /#\/start_b$/ },
  { persona: 'regstage-rentinfo', lands: /#\/amount\/address$/ },
  { persona: 'regstage-emailconf', lands: /#\/email_verify_again$/ },
  { persona: 'regstage-openbanking', lands: /#\/connect_accounts$/ },
  { persona: 'regstage-incomeverification', lands: /#\/all_submit$/ },
  { persona: 'regstage-contractsubmitted', lands: /#\/all_done$/ },
  { persona: 'regstage-waitingpage', lands: /#\/received$/ },
  { persona: 'regstage-setpassword', lands: /#\/approved$/ },
  { persona: 'regstage-setphone', lands: /#\/phoneNumber$/ },
  { persona: 'regstage-confirmationpayee', lands: /#\/[^/]+\/disbursal\/account$/ },
  { persona: 'regstage-setcpa', lands: /#\/connectBank$/ },
  { persona: 'regstage-commissionconsent', lands: /#\/commission-consent$/ },
  { persona: 'regstage-signature', lands: /#\/sign$/ },
  { persona: 'regstage-idv', lands: /#\/identity_start$/ },
  { persona: 'regstage-additionalops', lands: /#\/amount\/address_history$/ },
  { persona: 'one-page', lands: /#\/loan\/housing-info$/ },
  { persona: 'purpose-text', lands: /#\/amount\/purpose_text$/ },
  { persona: 'credit-consent', lands: /#\/amount\/credit_consent$/ },
  { persona: 'sign-over', lands: /#\/signOver$/ },
  { persona: 'ops-reset-cpa', lands: /#\/connectBank$/ },
  { persona: 'ops-sign-again', lands: /#\/sign$/ },
  { persona: 'ops-change-loan', lands: /#\/quote_review$/ },
  { persona: 'ops-open-banking', lands: /#\/connect_accounts$/ },
];

for (const { persona, lands } of LANDINGS) {
  test(`${persona} signs in and lands where the application resumes`, async ({ page, request, sandboxURL }) => {
    await signIn(page, request, sandboxURL, persona);
    await expect(page).toHaveURL(lands);
    await expect(heading(page)).toHaveCount(1);
    await expect(heading(page)).not.toBeEmpty();
  });
}

test('connecting a bank: the consent page, back to bank_c, the linked bank, then on to income', async ({
  page,
  request,
  sandboxURL,
  checkScreen,
}) => {
  await signIn(page, request, sandboxURL, 'regstage-openbanking');
  await expect(heading(page)).toHaveText('Connect your bank');
  await checkScreen('borrower-legacy-connect-accounts');
  await page.getByRole('button', { name: 'Connect my bank' }).click();

  await expect(heading(page)).toHaveText('Connect your bank account');
  await page.getByLabel('Kestrel Mutual').check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(heading(page)).toHaveText('Allow access to your Kestrel Mutual accounts?');
  await page.getByRole('button', { name: 'Allow access' }).click();

  // bank_c exchanged the code and moved on, dropping it from the address bar.
  await expect(heading(page)).toHaveText('Your bank is connected');
  await expect(page).toHaveURL(/#\/bank_view$/);
  await expect(page.getByText('We can now read your Kestrel Mutual accounts')).toBeVisible();
  await checkScreen('borrower-legacy-bank-view');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/#\/all_submit$/);
});

test('cancelling at the bank returns to connect_accounts with a clear message', async ({
  page,
  request,
  sandboxURL,
  checkScreen,
}) => {
  await signIn(page, request, sandboxURL, 'regstage-openbanking');
  await expect(heading(page)).toHaveText('Connect your bank');
  await page.getByRole('button', { name: 'Connect my bank' }).click();
  await expect(heading(page)).toHaveText('Connect your bank account');
  await page.getByRole('button', { name: 'Cancel and go back' }).click();

  await expect(heading(page)).toHaveText('Connect your bank');
  await expect(page).toHaveURL(/#\/connect_accounts\?bank=cancelled$/);
  await expect(page.getByRole('region', { name: 'Your bank is not connected' })).toContainText(
    'You cancelled connecting your bank',
  );
  await checkScreen('borrower-legacy-bank-cancelled');
});

test('all_submit takes the income and the finances first, then the change of income, then the decision', async ({
  page,
  request,
  sandboxURL,
  checkScreen,
}) => {
  await signIn(page, request, sandboxURL, 'regstage-incomeverification');
  await expect(heading(page)).toHaveText('Before you send your application');
  await checkScreen('borrower-legacy-all-submit-income-first');
  await page.getByRole('link', { name: 'Tell us about your income' }).click();

  // income_verify: the income details, checked on submit.
  await expect(page).toHaveURL(/#\/income_verify$/);
  await expect(heading(page)).toHaveText('Your income');
  await page.getByRole('button', { name: 'Continue' }).click();
  const summary = page.getByRole('alert', { name: 'There is a problem' });
  await expect(summary).toContainText('Enter your yearly income before tax');
  await expect(summary).toContainText('Select how you are employed');
  await expect(summary).toContainText('Select how often you are paid');
  await expect(summary).toBeFocused();
  await checkScreen('borrower-legacy-income-verify');
  await page.getByLabel('What is your yearly income before tax?').fill('30,000');
  await page.getByRole('radio', { name: 'Employed full time' }).check();
  await page.getByRole('radio', { name: 'Every month' }).check();
  await page.getByRole('button', { name: 'Continue' }).click();

  // income_verify2: the credit-assessment questions, then both are recorded.
  await expect(page).toHaveURL(/#\/income_verify2$/);
  await expect(heading(page)).toHaveText('About your finances');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(summary).toContainText('Answer the question: How many people depend on you financially?');
  await checkScreen('borrower-legacy-income-verify2');
  const group = (name: string) => page.getByRole('group', { name });
  await group('How many people depend on you financially?').getByRole('radio', { name: 'None' }).check();
  await page.getByLabel('How much do you pay each month towards credit cards, loans and car finance?').fill('150');
  await group('Have you missed a payment on any credit in the last 12 months?').getByRole('radio', { name: 'No' }).check();
  await group('Do you expect your regular spending to go up in the next 12 months?')
    .getByRole('radio', { name: 'No' })
    .check();
  await page.getByRole('button', { name: 'Continue' }).click();

  // all_submit: the future-income-change question.
  const title = 'Do you expect your income to change in the next 12 months?';
  await expect(page).toHaveURL(/#\/all_submit$/);
  await expect(heading(page)).toHaveText(title);
  await checkScreen('borrower-legacy-all-submit');
  await page.getByRole('button', { name: 'Send my application' }).click();
  await expect(summary).toContainText('Select yes if you expect your income to change');
  await expect(summary).toBeFocused();

  // A change expected asks its direction, reason and the new income, each checked on submit.
  await page.getByRole('radio', { name: 'Yes' }).check();
  await page.getByRole('button', { name: 'Send my application' }).click();
  await expect(summary).toContainText('Select whether your income will go up or down');
  await expect(summary).toContainText('Select why your income will change');
  await expect(summary).toContainText('Enter your new yearly income before tax');
  await checkScreen('borrower-legacy-all-submit-errors');
  await page.getByRole('radio', { name: 'It will go up' }).check();
  await page.getByRole('radio', { name: 'A new job' }).check();
  await page.getByLabel('Your new yearly income before tax, in pounds').fill('34,000');

  // The answer survives a refresh.
  await page.reload();
  await expect(page.getByLabel('Your new yearly income before tax, in pounds')).toHaveValue('34,000');
  await expect(page.getByRole('radio', { name: 'A new job' })).toBeChecked();

  await page.getByRole('button', { name: 'Send my application' }).click();
  await expect(page).toHaveURL(/#\/approved$/);
});

test('all_done sends the application, thanks the applicant and leads to the decision', async ({
  page,
  request,
  sandboxURL,
  checkScreen,
}) => {
  await signIn(page, request, sandboxURL, 'regstage-contractsubmitted');
  await expect(heading(page)).toHaveText('Send your application');
  await checkScreen('borrower-legacy-all-done');

  // The application as given so far, as a summary list.
  await page.getByRole('link', { name: 'check your application' }).click();
  await expect(heading(page)).toHaveText('Your application');
  await expect(page.getByRole('definition').first()).toHaveText('£5,000.00');
  await expect(page.getByText('Connected', { exact: true })).toBeVisible();
  await checkScreen('borrower-legacy-application');
  await page.getByRole('button', { name: 'Continue with my application' }).click();

  await expect(heading(page)).toHaveText('Send your application');
  await page.getByRole('button', { name: 'Send my application' }).click();
  await expect(heading(page)).toHaveText('Application sent');
  await expect(page).toHaveURL(/#\/all_done_2$/);
  await checkScreen('borrower-legacy-all-done-2');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/#\/approved$/);
});

test('email_verify_again: Continue waits for the confirmation; the link sent again confirms and resumes', async ({
  page,
  request,
  sandboxURL,
  checkScreen,
}) => {
  const email = personaEmail('regstage-emailconf');
  await signIn(page, request, sandboxURL, 'regstage-emailconf');
  await expect(heading(page)).toHaveText('Confirm your e-mail address');
  await expect(page.getByText(email)).toBeVisible();
  await checkScreen('borrower-legacy-email-verify-again');

  await page.getByRole('button', { name: 'Continue' }).click();
  const summary = page.getByRole('alert', { name: 'There is a problem' });
  await expect(summary).toContainText('We have not had your confirmation yet');
  await expect(summary).toBeFocused();

  const codeMail = await newestMessage(request, sandboxURL, email);
  await page.getByRole('button', { name: 'Send the link again' }).click();
  await expect(page.getByRole('region', { name: 'E-mail sent' })).toBeVisible();
  const mail = await newestMessage(request, sandboxURL, email, { newerThan: codeMail.id });
  const link = mail.links.find((candidate) => candidate.includes('#/email_verify_soft?token='));
  if (link === undefined) throw new Error(`no confirmation link in message ${mail.id}`);

  await page.goto(link);
  await expect(page).toHaveURL(/#\/connect_accounts$/);
  await expect(heading(page)).toHaveText('Connect your bank');
});

test('credit_consent for an applicant from the own comparison site shows the credit information, then income', async ({
  page,
  request,
  sandboxURL,
  checkScreen,
}) => {
  await signIn(page, request, sandboxURL, 'credit-consent');
  await expect(heading(page)).toHaveText('Before we check your income');
  await expect(page.getByRole('region').filter({ has: page.getByRole('heading', { level: 2 }) })).not.toBeEmpty();
  await checkScreen('borrower-legacy-credit-consent');

  await page.getByRole('button', { name: 'Continue' }).click();
  const summary = page.getByRole('alert', { name: 'There is a problem' });
  await expect(summary).toContainText('Select that you have read the information and agree to a credit search');
  await expect(summary).toBeFocused();
  await page.getByLabel('I have read the information and agree to a credit search').check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/#\/all_submit$/);
});

test('purpose_text records the words for an other purpose, then income', async ({ page, request, sandboxURL, checkScreen }) => {
  await signIn(page, request, sandboxURL, 'purpose-text');
  await expect(heading(page)).toHaveText('What is the loan for?');
  await checkScreen('borrower-legacy-purpose-text');
  await page.getByLabel('Tell us what the loan is for').fill('A new boiler');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/#\/all_submit$/);
});

/** A year `years` before this one, as typed. */
const yearsAgo = (years: number) => String(new Date().getFullYear() - years);

/** Finds the current address by its postcode and gives the month moved in, 5 years ago: up to address_history. */
async function answerCurrentAddress(page: Page) {
  await page.getByRole('textbox', { name: 'Postcode' }).fill('LM3 8RD');
  await page.getByRole('button', { name: 'Find address' }).click();
  await page.getByRole('radio', { name: /^12A Orchard Close/ }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('textbox', { name: 'Month' }).fill('4');
  await page.getByRole('textbox', { name: 'Year' }).fill(yearsAgo(5));
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/#\/amount\/address_history$/);
}

test('the rentInfo stage: the address and housing screens record it, then the application resumes', async ({
  page,
  request,
  sandboxURL,
  checkScreen,
}) => {
  await signIn(page, request, sandboxURL, 'regstage-rentinfo');
  await expect(page).toHaveURL(/#\/amount\/address$/);
  await answerCurrentAddress(page);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('radio', { name: 'I rent from a private landlord' }).check();
  await page.getByRole('button', { name: 'Continue' }).click();

  // Recording the housing needs how it is paid, asked of a signed-in applicant only.
  await page.getByRole('textbox', { name: 'Monthly rent' }).fill('700');
  await page.getByRole('button', { name: 'Continue' }).click();
  const summary = page.getByRole('alert', { name: 'There is a problem' });
  await expect(summary).toContainText('Select how you pay it');
  await expect(summary).toBeFocused();
  await checkScreen('borrower-legacy-rent-payment');
  await page.getByRole('radio', { name: 'Standing order' }).check();
  await page.getByRole('button', { name: 'Continue' }).click();

  // The stage is recorded: the next pending stage is the e-mail confirmation.
  await expect(page).toHaveURL(/#\/email_verify_again$/);
});

test('the address operation: the addresses given again are recorded, then the application resumes', async ({
  page,
  request,
  sandboxURL,
  checkScreen,
}) => {
  await signIn(page, request, sandboxURL, 'regstage-additionalops');
  await expect(page).toHaveURL(/#\/amount\/address_history$/);
  await page.getByRole('link', { name: 'Add an earlier address' }).click();
  await expect(page).toHaveURL(/#\/amount\/address$/);
  await answerCurrentAddress(page);
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(heading(page)).toHaveText('Your addresses are updated');
  await expect(page).toHaveURL(/#\/address-updated$/);
  await checkScreen('borrower-legacy-address-updated');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/#\/signOver$/);
});
