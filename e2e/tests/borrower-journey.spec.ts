import {
  answerAddressAndHousing,
  answerQuestions,
  applyFromQuoteReview,
  consentAndCheck,
  expectDashboardOfQuote,
  getQuote,
  takeApprovedLoan,
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

  // The quote, as the calculator shows it: what the dashboard must show in the end.
  const quote = await getQuote(page, amountScreen);
  expect(quote.amount).toBe('£7,500.00');
  expect(quote.term).toBe('60 months');
  expect(quote.monthlyInstalment).toMatch(/^£\d+\.\d\d$/);
  expect(quote.totalPayable).toMatch(/^£[\d,]+\.\d\d$/);
  expect(quote.apr).toMatch(/^\d+(\.\d)?% APR$/);

  // The /amount steps, the soft check, and approval: the new customer is signed in at the one-page quote, and
  // applies.
  await answerQuestions(page, email, amountScreen);
  await answerAddressAndHousing(page, amountScreen);
  await consentAndCheck(page, amountScreen);
  await applyFromQuoteReview(page, request, sandboxURL, email, quote, applyScreen);

  // The steps after approval, to the loan: the dashboard shows what the calculator quoted, the balance being the
  // £7,500 asked for with the default brand's fee (pounds) added to it.
  await takeApprovedLoan(page, request, sandboxURL, quote, approvedScreen);
  const { fee } = await brandConfig(request);
  await expectDashboardOfQuote(page, request, sandboxURL, email, quote, Number(fee));
  await approvedScreen('loan-dashboard');
});
