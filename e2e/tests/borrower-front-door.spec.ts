import type { APIRequestContext, Page } from '@playwright/test';
import { brandConfig, brandName } from '../fixtures/brand';
import { heading, pounds, valueOf } from '../fixtures/journey-steps';
import { expect, test, VIEWPORTS } from '../fixtures/test';

/** The loan product as the BFF answers the app: its bounds and its representative example. */
interface LoanProduct {
  minAmountPence: number;
  maxAmountPence: number;
  minTermMonths: number;
  maxTermMonths: number;
  representative: { amountPence: number; termMonths: number; aprPercent: string; representativeExample: string };
}

/**
 * The loan product the BFF gives the app (ledger/loanProduct), which it has from the lending core: its representative
 * example priced for the brand `clientName` names (the default brand when it names none).
 */
async function loanProduct(request: APIRequestContext, clientName?: string): Promise<LoanProduct> {
  const answer = await request.get('/api/v2/lender/ledger/loanProduct', {
    headers: { platform: 'web' },
    params: clientName === undefined ? undefined : { clientName },
  });
  expect(answer.status()).toBe(200);
  const envelope = (await answer.json()) as { status: number; resultData: LoanProduct };
  expect(envelope.status).toBe(200);
  return envelope.resultData;
}

/** What a brand's quote of a loan says (ledger/loanCalcPub): the lending core's price of it with the brand's fee. */
async function brandQuote(
  request: APIRequestContext,
  loan: { amountPence: number; termMonths: number },
  clientName: string,
): Promise<{ aprPercent: string; totalPayablePence: number; representativeExample: string }> {
  const answer = await request.post('/api/v2/lender/ledger/loanCalcPub', {
    headers: { platform: 'web' },
    data: { amountPence: loan.amountPence, termMonths: loan.termMonths, clientName },
  });
  expect(answer.status()).toBe(200);
  const envelope = (await answer.json()) as {
    resultData: { aprPercent: string; totalPayablePence: number; representativeExample: string };
  };
  return envelope.resultData;
}

/**
 * A brand's representative example must be the loan as that brand prices it, fee included (FCA CONC 3.5): the same
 * APR, total and sentence as the brand's quote of the representative loan, naming the brand's fee and never "no fees".
 */
async function expectTheBrandsFeeIn(request: APIRequestContext, product: LoanProduct, clientName: string): Promise<void> {
  const fee = Number((await brandConfig(request, clientName)).fee);
  expect(fee).toBeGreaterThan(0);
  const quote = await brandQuote(request, product.representative, clientName);
  expect(product.representative.aprPercent).toBe(quote.aprPercent);
  expect(product.representative.representativeExample).toBe(quote.representativeExample);
  expect(product.representative.representativeExample).toContain(`with a ${pounds(fee * 100)} fee added to the loan`);
  expect(product.representative.representativeExample).toContain(`Total amount payable ${pounds(quote.totalPayablePence)}.`);
  expect(product.representative.representativeExample).not.toContain('no fees');
}

/** Whole pounds as the front door writes the bounds: `£1,000`. */
function wholePounds(pence: number): string {
  return pounds(pence).replace(/\.00$/, '');
}

/** The front door's section of the loan's figures. */
const figures = (page: Page) => page.getByRole('region', { name: 'What you can borrow' });

test('a new applicant opens /, sees the brand and the representative example the lending core gives, and checks their eligibility', async ({
  page,
  request,
  checkScreen,
}) => {
  const { displayName, pageTitle } = await brandConfig(request);
  const product = await loanProduct(request);
  const { representative } = product;
  // The example is a loan the product offers, and its sentence states its APR.
  expect(representative.amountPence).toBeGreaterThanOrEqual(product.minAmountPence);
  expect(representative.amountPence).toBeLessThanOrEqual(product.maxAmountPence);
  expect(representative.representativeExample).toContain(`Representative ${representative.aprPercent}% APR`);
  await expectTheBrandsFeeIn(request, product, 'default');

  for (const viewport of VIEWPORTS) {
    await test.step(`at ${String(viewport.width)} × ${String(viewport.height)}`, async () => {
      await page.setViewportSize(viewport);
      await page.goto('/');

      await expect(page).toHaveURL(/\/#\/login\/home$/);
      await expect(heading(page)).toHaveText(displayName);
      // The front door has no title of its own: the brand's page title.
      await expect(page).toHaveTitle(String(pageTitle));
      await expect(page.getByText(/^An unsecured personal loan/)).toBeVisible();
      const start = page.getByRole('link', { name: 'Check your eligibility' });
      await expect(start).toBeInViewport();
      await expect(start).toHaveAccessibleDescription(
        'Checking your eligibility uses a soft search of your credit file. A soft search does not affect your credit score, and other lenders cannot see it.',
      );

      await expect(figures(page).getByText(representative.representativeExample, { exact: true })).toBeVisible();
      await expect(valueOf(page, 'Amount')).toHaveText(
        `${wholePounds(product.minAmountPence)} to ${wholePounds(product.maxAmountPence)}`,
      );
      await expect(valueOf(page, 'Repayment term')).toHaveText(
        `${String(product.minTermMonths)} to ${String(product.maxTermMonths)} months`,
      );
      await expect(valueOf(page, 'Representative APR')).toHaveText(`${representative.aprPercent}%`);

      const signIn = page.getByRole('region', { name: 'Sign in' });
      await expect(signIn.getByRole('link', { name: 'Log in with e-mail' })).toBeVisible();
      await expect(signIn.getByRole('button', { name: 'Staff sign-in' })).toBeVisible();

      if (viewport === VIEWPORTS[0]) {
        // Axe and the screenshots at every size; then back to this step's size.
        await checkScreen('borrower-front-door');
        await page.setViewportSize(viewport);
      }

      await start.click();
      await expect(page).toHaveURL(/\/#\/amount\/amount_default$/);
      await expect(heading(page)).toHaveText('How much do you want to borrow?');
    });
  }
});

test("under the white label the front door's representative example is priced with the white-label brand's fee", async ({
  page,
  request,
}) => {
  const product = await loanProduct(request, 'harbour');
  await expectTheBrandsFeeIn(request, product, 'harbour');
  const defaultProduct = await loanProduct(request);
  // The two brands' fees differ, so their examples do too: the screen shows the white label's own.
  expect(product.representative.representativeExample).not.toBe(defaultProduct.representative.representativeExample);

  await page.goto('/');
  // The default brand's example first, so the answer awaited below is the reload's.
  await expect(figures(page).getByText(defaultProduct.representative.representativeExample, { exact: true })).toBeVisible();
  await page.evaluate(() => {
    localStorage.setItem('whiteLabel', 'harbour');
  });
  const productAnswer = page.waitForResponse((response) => response.url().includes('/ledger/loanProduct'));
  await page.reload();

  expect(new URL((await productAnswer).url()).searchParams.get('clientName')).toBe('harbour');
  await expect(heading(page)).toHaveText(await brandName(request, 'harbour'));
  await expect(figures(page).getByText(product.representative.representativeExample, { exact: true })).toBeVisible();
  await expect(valueOf(page, 'Representative APR')).toHaveText(`${product.representative.aprPercent}%`);
});

test('when the loan product cannot be loaded the front door says so and keeps its ways in, and Try again loads it', async ({
  page,
  request,
  sandboxURL,
  pageErrors,
  checkScreen,
}) => {
  const product = await loanProduct(request);
  // Every call to the lending core fails: the BFF cannot give the product (nor the brand).
  const forced = await request.post(`${sandboxURL}/_sandbox/faults`, { data: { provider: 'lending', status: 503 } });
  expect(forced.status()).toBe(200);

  await page.goto('/');
  await expect(figures(page).getByRole('alert')).toHaveText("We could not load the loan's figures and representative example.");
  await expect(page).toHaveURL(/\/#\/login\/home$/);
  await expect(page.getByRole('link', { name: 'Check your eligibility' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Sign in' }).getByRole('link', { name: 'Log in with e-mail' })).toBeVisible();
  await expect(figures(page).getByText(product.representative.representativeExample)).toHaveCount(0);
  await checkScreen('borrower-front-door-product-failed');
  // The browser logs each failed call; nothing else went wrong.
  expect(pageErrors.length).toBeGreaterThan(0);
  for (const error of pageErrors) expect(error).toMatch(/^console: Failed to load resource: the server responded with a status of 5\d\d /);
  pageErrors.length = 0;

  const cleared = await request.delete(`${sandboxURL}/_sandbox/faults`);
  expect(cleared.status()).toBe(200);
  await figures(page).getByRole('button', { name: 'Try again' }).click();

  await expect(figures(page).getByText(product.representative.representativeExample, { exact: true })).toBeVisible();
  await expect(figures(page).getByRole('alert')).toHaveCount(0);
});
