import {
  answerAddressAndHousing,
  answerIncome,
  answerQuestions,
  choosePin,
  confirmationLink,
  confirmPayee,
  connectBankAtSandbox,
  consentAndCheck,
  continueButton,
  expectLoanFigures,
  getQuote,
  heading,
  newestLoan,
  passIdentityCheck,
  percentOf,
  pounds,
  quoteOnScreen,
  setPhone,
  setUpCardPayments,
  signAgreement,
  valueOf,
} from '../fixtures/journey-steps';
import { brandConfig } from '../fixtures/brand';
import { expect, test } from '../fixtures/test';

test('a new applicant goes from a quote to their loan dashboard, which shows the figures they were quoted', async ({
  page,
  request,
  sandboxURL,
  checkScreen,
}) => {
  // Every screen of the application, from the quote to the loan, each checked with axe and photographed at two
  // sizes: the longest journey there is.
  test.setTimeout(600_000);
  const email = 'sam.lee.journey@example.com';
  const amountScreen = (name: string) => checkScreen(`borrower-journey-amount-${name}`);
  const applyScreen = (name: string) => checkScreen(`borrower-journey-apply-${name}`);
  const approvedScreen = (name: string) => checkScreen(`borrower-journey-approved-${name}`);
  const progress = page.getByRole('progressbar', { name: 'Your application' });

  // The quote, as the calculator shows it: what the dashboard must show in the end.
  const quote = await getQuote(page, amountScreen);
  expect(quote.amount).toBe('£7,500.00');
  expect(quote.term).toBe('60 months');
  expect(quote.monthlyInstalment).toMatch(/^£\d+\.\d\d$/);
  expect(quote.totalPayable).toMatch(/^£[\d,]+\.\d\d$/);
  expect(quote.apr).toMatch(/^\d+(\.\d)?% APR$/);

  // The /amount steps, the soft check, and approval: the new customer is signed in at the one-page quote.
  await answerQuestions(page, email, amountScreen);
  await answerAddressAndHousing(page, amountScreen);
  await consentAndCheck(page, amountScreen);
  await expect(page).toHaveURL(/\/#\/quote_review_b$/);
  await expect(heading(page)).toHaveText('Confirm your loan');
  await expect(progress).toHaveAttribute('aria-valuenow', '0');
  expect(await quoteOnScreen(page)).toEqual(quote);
  await applyScreen('quote');
  await page.getByRole('button', { name: 'Confirm my loan' }).click();

  // 1. The e-mail address, confirmed by the link in the e-mail the sandbox captured.
  await expect(heading(page)).toHaveText('Confirm your e-mail address');
  await expect(page).toHaveURL(/#\/loan\/confirm-email$/);
  await expect(page.getByText(email)).toBeVisible();
  await applyScreen('confirm-email');
  await page.goto(await confirmationLink(request, sandboxURL, email));

  // 2. The purpose was given on the /amount steps (a car), so the journey does not ask it again (spec §4: purpose
  // is required unless loan_purpose_confirm is set). 3. Housing: the rent given there comes prefilled; how it is
  // paid is still to answer.
  await expect(heading(page)).toHaveText('Your housing');
  await expect(page).toHaveURL(/#\/loan\/housing-info$/);
  await expect(page.getByLabel('Renting from a private landlord')).toBeChecked();
  await expect(page.getByLabel('How much do you pay each month?')).toHaveValue('650');
  await page.getByLabel('Standing order').check();
  await applyScreen('housing');
  await continueButton(page).click();

  // 4. The addresses given on the /amount steps, to check.
  await expect(heading(page)).toHaveText('Check your addresses');
  await expect(page).toHaveURL(/#\/loan\/verify-address$/);
  await expect(page.getByLabel('Street')).toHaveValue('Orchard Close');
  await expect(page.getByLabel('Postcode')).toHaveValue('LM3 8RD');
  await applyScreen('verify-address');
  await continueButton(page).click();

  // 5. Income, with the credit-assessment questions.
  await expect(heading(page)).toHaveText('Your income');
  await expect(page).toHaveURL(/#\/loan\/income$/);
  await answerIncome(page, applyScreen);

  // 6. The bank, through the sandbox's consent page; 7. submit.
  await expect(page).toHaveURL(/#\/loan\/connect-bank$/);
  await connectBankAtSandbox(page, applyScreen);
  await expect(progress).toHaveAttribute('aria-valuenow', '100');
  await applyScreen('submit');
  await page.getByRole('button', { name: 'Send my application' }).click();

  // Approved.
  await expect(heading(page)).toHaveText('Application sent');
  await expect(page).toHaveURL(/#\/application-submitted$/);
  await expect(page.getByRole('heading', { name: 'Your loan is approved' })).toBeVisible();
  await applyScreen('submitted');
  await continueButton(page).click();

  // The steps after approval: the loan approved, a PIN, the phone, the payee account, the card payment authority,
  // the agreement, identity.
  await expect(page).toHaveURL(/#\/approved$/);
  await expect(heading(page)).toHaveText('Your loan is approved');
  await expect(valueOf(page, 'Amount')).toHaveText(quote.amount);
  await expect(valueOf(page, 'Term')).toHaveText(quote.term);
  await approvedScreen('approved');
  await continueButton(page).click();
  await choosePin(page, '2468', approvedScreen);

  await expect(page).toHaveURL(/#\/phoneNumber$/);
  await approvedScreen('phone-number');
  await setPhone(page, request, sandboxURL, '07700 900 777', approvedScreen);

  await confirmPayee(page, 'Sam Lee', approvedScreen);

  await expect(page).toHaveURL(/#\/connectBank$/);
  await setUpCardPayments(page, 'S Lee', approvedScreen);
  // No broker introduced this applicant: there is no commission to accept, so signing is next.
  await signAgreement(page, 'Sam Lee', approvedScreen);
  await passIdentityCheck(page, approvedScreen);

  // The loan is opened: the dashboard shows what the calculator quoted.
  await expect(page).toHaveURL(/#\/loanDashboard\/main$/);
  await expect(heading(page)).toHaveText('Your loan');
  // The balance is the credit: the £7,500 asked for with the default brand's fee (pounds) added to it.
  const { fee } = await brandConfig(request);
  await expect(valueOf(page, 'Balance')).toHaveText(pounds(7_500_00 + Number(fee) * 100));
  await expect(valueOf(page, 'Next payment')).toHaveText(new RegExp(`^${quote.monthlyInstalment.replace('.', '\\.')} on `));
  await expect(valueOf(page, 'APR')).toHaveText(`${percentOf(quote.apr)}%`);
  await expect(valueOf(page, 'Monthly instalment')).toHaveText(quote.monthlyInstalment);
  await expect(valueOf(page, 'Amount borrowed')).toHaveText(quote.amount);
  // And they are the loan the lending core opened, its first payment date included.
  await expectLoanFigures(page, await newestLoan(request, sandboxURL, email));
  await approvedScreen('loan-dashboard');
});
