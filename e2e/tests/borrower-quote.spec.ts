import { brandConfig } from '../fixtures/brand';
import { lendingQuote, pounds } from '../fixtures/journey-steps';
import { expect, test } from '../fixtures/test';

test('a quote for a typed amount shows the figures the lending core prices, and survives a refresh', async ({
  page,
  request,
  sandboxURL,
  checkScreen,
}) => {
  // The lending core (the sandbox) prices the loan, with the default brand's fee (pounds) added to the credit; the
  // page must show what it says, not what we guess.
  const { fee } = await brandConfig(request);
  expect(fee).toBeGreaterThan(0);
  const priced = await lendingQuote(request, sandboxURL, { amountPence: 750_000, termMonths: 60, feePounds: Number(fee) });

  await page.goto('/#/amount/amount_default');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('How much do you want to borrow?');
  const amount = page.getByRole('textbox', { name: 'Amount' });
  const term = page.getByRole('combobox', { name: 'How long do you want to borrow it for?' });
  const slider = page.getByRole('slider', { name: 'Or drag to choose the amount' });
  await amount.fill('7,500');
  await term.selectOption({ label: '60 months' });
  await expect(slider).toHaveAttribute('aria-valuenow', '7500');
  await checkScreen('borrower-quote-amount');

  await page.reload();
  await expect(amount).toHaveValue('7,500');
  await expect(term).toHaveValue('60');

  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/#\/amount\/loan_calculation$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your loan');
  const figure = (name: string) => page.locator('dt', { hasText: new RegExp(`^${name}$`) }).locator('xpath=following-sibling::dd[1]');
  await expect(figure('Monthly instalment')).toHaveText(pounds(priced.monthlyInstalmentPence));
  await expect(figure('Total payable')).toHaveText(pounds(priced.totalPayablePence));
  await expect(figure('APR')).toHaveText(`${priced.aprPercent}% APR`);
  await expect(page.getByText(priced.representativeExample)).toBeVisible();
  await checkScreen('borrower-quote-calculation');

  await page.reload();
  await expect(figure('Monthly instalment')).toHaveText(pounds(priced.monthlyInstalmentPence));

  await page.getByRole('link', { name: 'Change the amount or term' }).click();
  await expect(amount).toHaveValue('7,500');
  await expect(term).toHaveValue('60');
});
