import type { APIRequestContext, Page } from '@playwright/test';
import { registerApplicant } from '../fixtures/applicant';
import { brandConfig } from '../fixtures/brand';
import type { Applicant } from '../fixtures/applicant';
import { answerIncome, confirmationLink, fillOnePageAddress, heading, valueOf } from '../fixtures/journey-steps';
import { expect, test } from '../fixtures/test';

// The decision on a submitted application (spec §4: approvalStatus 0 → decline, a counteroffer → counteroffer),
// and a bank the lender asks for again after submission, connected outside the journey (/open-banking-updated).

/**
 * Registers an applicant whose e-mail `tag` chooses the decision at submission (sandbox/README.md "Decisions"),
 * then takes them through the one-page journey as a person would, without connecting a bank, and sends the
 * application.
 */
async function submitApplication(
  page: Page,
  request: APIRequestContext,
  sandboxURL: string,
  tag: '' | '+decline' | '+counteroffer',
): Promise<Applicant> {
  const applicant = await registerApplicant(page, tag);
  await page.goto('/#/start2');
  await page.getByRole('link', { name: 'Continue' }).click();
  await expect(heading(page)).toHaveText('Confirm your loan');
  await page.getByRole('button', { name: 'Confirm my loan' }).click();
  await expect(heading(page)).toHaveText('Confirm your e-mail address');
  await page.goto(await confirmationLink(request, sandboxURL, applicant.email));
  await expect(heading(page)).toHaveText('What is the loan for?');
  await page.getByLabel('A car').check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(heading(page)).toHaveText('Your housing');
  await page.getByLabel('Homeowner without a mortgage').check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(heading(page)).toHaveText('Check your addresses');
  await fillOnePageAddress(page);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(heading(page)).toHaveText('Your income');
  await answerIncome(page);
  await page.getByRole('button', { name: 'Continue without connecting my bank' }).click();
  await expect(heading(page)).toHaveText('Check your answers and send your application');
  await page.getByRole('button', { name: 'Send my application' }).click();
  return applicant;
}

/** An application as the lending core has it: the part these tests read. */
interface LendingApplication {
  id: string;
  status: string;
  onePage: boolean;
  quote: { amountPence: number; termMonths: number };
  withdrawal?: { reason: string; replacedBy?: string };
}

test('an application declined at submission shows the decline with its reasons', async ({
  page,
  request,
  sandboxURL,
  checkScreen,
}) => {
  test.setTimeout(120_000);
  await submitApplication(page, request, sandboxURL, '+decline');

  await expect(page).toHaveURL(/#\/decline$/);
  await expect(heading(page)).toHaveText('We cannot offer you a loan');
  const reasons = page.getByRole('main').getByRole('listitem');
  await expect(reasons).toHaveText([
    "We can't offer you a loan at the moment, based on the information from the credit reference agency.",
  ]);
  await expect(page.getByText('We have closed your application.')).toBeVisible();
  await checkScreen('borrower-decisions-decline');

  // The decline is the application's, read again on a refresh: nothing of it is kept in the tab.
  await page.reload();
  await expect(heading(page)).toHaveText('We cannot offer you a loan');
  await expect(reasons).toHaveCount(1);
});

test('a counteroffer at submission shows the lower figures; accepting it leads on to the approved steps', async ({
  page,
  request,
  sandboxURL,
  checkScreen,
}) => {
  test.setTimeout(120_000);
  await submitApplication(page, request, sandboxURL, '+counteroffer');

  // The sandbox offers 60% of the £5,000 asked for, over the same 24 months.
  await expect(page).toHaveURL(/#\/counteroffer$/);
  await expect(heading(page)).toHaveText('We can offer you a smaller loan');
  await expect(page.getByText('We cannot lend you £5,000, but we can offer you this loan.')).toBeVisible();
  await expect(valueOf(page, 'Amount')).toHaveText('£3,000.00');
  await expect(valueOf(page, 'Term')).toHaveText('24 months');
  await expect(valueOf(page, 'Monthly instalment')).toHaveText(/^£\d+\.\d\d$/);
  await expect(valueOf(page, 'Total payable')).toHaveText(/^£3,\d{3}\.\d\d$/);
  await expect(valueOf(page, 'APR')).toHaveText(/^\d+(\.\d+)?% APR$/);
  // Where to ask about the offer: the brand's counteroffer mailbox, as the BFF configures it.
  const { counterofferEmail } = await brandConfig(request);
  await expect(page.getByRole('link', { name: String(counterofferEmail) })).toHaveAttribute('href', `mailto:${String(counterofferEmail)}`);
  await checkScreen('borrower-decisions-counteroffer');

  await page.getByRole('button', { name: 'Continue' }).click();
  const summary = page.getByRole('alert', { name: 'There is a problem' });
  await expect(summary).toBeFocused();
  await expect(summary.getByRole('link')).toHaveText(['Select yes if you want to take this loan']);
  await checkScreen('borrower-decisions-counteroffer-error');

  await page.getByLabel('Yes, I want this loan').check();
  await page.getByRole('button', { name: 'Continue' }).dblclick();
  await expect(page).toHaveURL(/#\/approved$/);
  await expect(heading(page)).toHaveText('Your loan is approved');
  await expect(valueOf(page, 'Amount')).toHaveText('£3,000.00');
});

test('declining a counteroffer closes the application, and a new application for the loan asked for can follow', async ({
  page,
  request,
  sandboxURL,
  checkScreen,
}) => {
  test.setTimeout(120_000);
  const applicant = await submitApplication(page, request, sandboxURL, '+counteroffer');
  await expect(heading(page)).toHaveText('We can offer you a smaller loan');

  await page.getByLabel('No, close my application').check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(heading(page)).toHaveText('Your application is closed');
  await expect(page.getByText('so we have withdrawn your application')).toBeVisible();
  await checkScreen('borrower-decisions-counteroffer-declined');

  // Coming back says the same: the application is withdrawn.
  await page.reload();
  await expect(heading(page)).toHaveText('Your application is closed');

  // A new application, one-page as the closed one was, for the £5,000 asked for: it resumes at its quote.
  await page.getByRole('button', { name: 'Start a new application' }).click();
  await expect(page).toHaveURL(/#\/quote_review_b$/);
  await expect(heading(page)).toHaveText('Confirm your loan');
  await expect(valueOf(page, 'Amount')).toHaveText('£5,000.00');
  await expect(valueOf(page, 'Term')).toHaveText('24 months');
  await expect(page.getByRole('button', { name: 'Change the amount or term' })).toBeVisible();
  await checkScreen('borrower-decisions-counteroffer-new-application');

  // The lending core: the same customer has a new open application, and the closed one names it.
  const found = await request.get(`${sandboxURL}/lending/v1/customers`, { params: { email: applicant.email } });
  const customerId = ((await found.json()) as { customers: { id: string }[] }).customers[0]?.id ?? '';
  const answer = await request.get(`${sandboxURL}/lending/v1/applications`, { params: { customerId } });
  const [fresh, closed, ...older] = ((await answer.json()) as { applications: LendingApplication[] }).applications;
  expect(older).toEqual([]);
  expect(fresh).toMatchObject({ status: 'in_progress', onePage: true, quote: { amountPence: 500_000, termMonths: 24 } });
  expect(closed).toMatchObject({ status: 'withdrawn', withdrawal: { reason: 'counteroffer_declined', replacedBy: fresh?.id } });
});

test('a bank asked for again after submission is connected at the bank and comes back to open-banking-updated', async ({
  page,
  request,
  sandboxURL,
  checkScreen,
}) => {
  test.setTimeout(120_000);
  await submitApplication(page, request, sandboxURL, '');
  await expect(page.getByRole('heading', { name: 'Your loan is approved' })).toBeVisible();

  // The lender asks for the bank again (a staff action on the lending core: the open_banking operation).
  const applicationId = await page.evaluate(() => localStorage.getItem('applyId'));
  const asked = await request.post(`${sandboxURL}/lending/v1/applications/${applicationId ?? ''}/additional-operations`, {
    data: { operation: 'open_banking' },
  });
  expect(asked.status()).toBe(200);

  await page.goto('/#/open-banking-updated');
  await expect(heading(page)).toHaveText('Connect your bank again');
  await checkScreen('borrower-decisions-open-banking-asked');

  // Cancelling at the bank comes back here, saying so.
  await page.getByRole('button', { name: 'Connect my bank' }).click();
  await expect(heading(page)).toHaveText('Connect your bank account');
  await page.getByRole('button', { name: 'Cancel and go back' }).click();
  await expect(page).toHaveURL(/#\/open-banking-updated$/);
  await expect(page.getByRole('region', { name: 'Your bank is not connected' })).toContainText(
    'You cancelled connecting your bank.',
  );
  await checkScreen('borrower-decisions-open-banking-cancelled');

  // Allowing access comes back here too; the return is finished and leaves the address bar.
  await page.getByRole('button', { name: 'Connect my bank' }).click();
  await expect(heading(page)).toHaveText('Connect your bank account');
  await page.getByLabel('Kestrel Mutual').check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(heading(page)).toHaveText('Allow access to your Kestrel Mutual accounts?');
  await page.getByRole('button', { name: 'Allow access' }).click();
  await expect(heading(page)).toHaveText('Your bank is connected');
  await expect(page).toHaveURL(/#\/open-banking-updated$/);
  await checkScreen('borrower-decisions-open-banking-updated');

  const application = (await (await request.get(`${sandboxURL}/lending/v1/applications/${applicationId ?? ''}`)).json()) as {
    additionalOps: string[];
    openBanking: { status: string };
  };
  expect(application.openBanking.status).toBe('linked');
  expect(application.additionalOps).toEqual([]);

  // On along the resume rules: the stages after approval, from the PIN.
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/#\/approved$/);
});
