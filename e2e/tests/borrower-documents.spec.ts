import type { APIRequestContext, Page } from '@playwright/test';
import { brandName } from '../fixtures/brand';
import { expect, test } from '../fixtures/test';
import { signInWithEmailCode } from '../fixtures/mailbox';

/**
 * The loan documents as pages, read before signing by the seeded persona regstage-signature (Skyler Eaton:
 * approved, the agreement next to sign), and the identity check by a share code, for the seeded persona
 * regstage-idv (Tatum Fox, born 1989-09-09): signed, with only identity left. The sandbox's share code W2F8T5K9V
 * is hers; W12345678 belongs to someone born on another day. (Once signed, the documents are the copies kept
 * from that day: borrower-lifecycle.spec.ts reads them.)
 */
const EMAIL = 'regstage-idv@personas.example';
const CUSTOMER_ID = 'cus_regstage_idv';
const BEFORE_SIGNING = { email: 'regstage-signature@personas.example', customerId: 'cus_regstage_signature', resumesAt: /#\/sign$/ };

/** Signs the persona in with a code from the sandbox mailbox; they resume at their next stage, identity. */
async function signIn(page: Page, request: APIRequestContext, sandboxURL: string, email = EMAIL, resumesAt = /#\/identity_start$/) {
  await signInWithEmailCode(page, request, sandboxURL, email);
  await expect(page).toHaveURL(resumesAt);
}

interface LendingApplication {
  id: string;
  status: string;
  /** The clientName of the brand owning the application. */
  applicationOwner: string;
  regStage: Record<string, number>;
  identity: { checkId: string; shareCode?: { purpose: string; checkedAt: string } } | null;
  quote: {
    amountPence: number;
    termMonths: number;
    monthlyInstalmentPence: number;
    totalPayablePence: number;
    totalChargeForCreditPence: number;
    aprPercent: string;
  };
}

/** The persona's newest application as the lending core has it. */
async function application(request: APIRequestContext, sandboxURL: string, customerId = CUSTOMER_ID): Promise<LendingApplication> {
  const answer = await request.get(`${sandboxURL}/lending/v1/applications`, { params: { customerId } });
  const { applications } = (await answer.json()) as { applications: { id: string }[] };
  const id = applications[0]?.id;
  if (id === undefined) throw new Error('the persona has no application');
  return (await (await request.get(`${sandboxURL}/lending/v1/applications/${id}`)).json()) as LendingApplication;
}

/** The product's money format (spec §9), written out here so the test checks the page's. */
function pounds(pence: number): string {
  const whole = Math.floor(pence / 100)
    .toString()
    .replace(/\B(?=(\d{3})+$)/g, ',');
  return `£${whole}.${String(pence % 100).padStart(2, '0')}`;
}

/** The value in the row of a document's facts table headed `label`. */
function factRow(page: Page, label: string) {
  return page.getByRole('article').getByRole('row').filter({ has: page.getByRole('rowheader', { name: label, exact: true }) });
}

const PAGES: readonly { path: string; title: string; screen: string }[] = [
  { path: '/HtmlViewOne', title: 'Pre-contract credit information', screen: 'html-view-one' },
  { path: '/HtmlViewTwo', title: 'Your loan explained', screen: 'html-view-two' },
  { path: '/HtmlViewThree', title: 'Fixed-sum loan agreement', screen: 'html-view-three' },
  { path: '/HtmlViewOne-new', title: 'Pre-contract credit information', screen: 'html-view-one-new' },
  { path: '/HtmlViewTwo-new', title: 'Your loan explained', screen: 'html-view-two-new' },
  { path: '/HtmlViewThree-new', title: 'Fixed-sum loan agreement', screen: 'html-view-three-new' },
  { path: '/about-your-loan', title: 'Your loan explained', screen: 'about-your-loan' },
  { path: '/loan-key-facts', title: 'Your loan: key facts', screen: 'loan-key-facts' },
  { path: '/loan-agreement', title: 'Fixed-sum loan agreement', screen: 'loan-agreement' },
  { path: '/about-your-loan-2', title: 'Your loan explained', screen: 'about-your-loan-2' },
  { path: '/loan-key-facts-2', title: 'Your loan: key facts', screen: 'loan-key-facts-2' },
  { path: '/loan-agreement-2', title: 'Fixed-sum loan agreement', screen: 'loan-agreement-2' },
];

test('an approved applicant reads each loan document page, with the lending core’s figures', async ({
  page,
  request,
  sandboxURL,
  checkScreen,
}) => {
  test.setTimeout(240_000);
  await signIn(page, request, sandboxURL, BEFORE_SIGNING.email, BEFORE_SIGNING.resumesAt);
  const { id, quote, applicationOwner } = await application(request, sandboxURL, BEFORE_SIGNING.customerId);
  const header = page.getByRole('banner');

  for (const { path, title, screen } of PAGES) {
    await page.goto(`/#${path}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    const article = page.getByRole('article');
    await expect(article).toContainText(id);
    await expect(article).toContainText(pounds(quote.amountPence));
    await expect(page.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '#/sign');
    await expect(header).toContainText('Meadow Loans');
    await checkScreen(`borrower-documents-${screen}`);
  }

  // The key facts are the lending core's figures, row by row.
  await page.goto('/#/loan-key-facts');
  await expect(factRow(page, 'Amount of credit')).toContainText(pounds(quote.amountPence));
  await expect(factRow(page, 'Duration')).toContainText(`${quote.termMonths} months`);
  await expect(factRow(page, 'Monthly repayment')).toContainText(pounds(quote.monthlyInstalmentPence));
  await expect(factRow(page, 'APR')).toContainText(`${quote.aprPercent}%`);
  await expect(factRow(page, 'Total charge for credit')).toContainText(pounds(quote.totalChargeForCreditPence));
  await expect(factRow(page, 'Total amount payable')).toContainText(pounds(quote.totalPayablePence));

  // The agreement in the current layout offers its PDF; the old view does not.
  await page.goto('/#/loan-agreement');
  const download = page.getByRole('link', { name: /^Download your credit agreement \(PDF, \d+ KB\)$/ });
  await expect(download).toBeVisible();
  const [pdf] = await Promise.all([page.waitForEvent('download'), download.click()]);
  expect(pdf.suggestedFilename()).toBe('credit-agreement.pdf');
  await page.goto('/#/HtmlViewThree');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Fixed-sum loan agreement');
  await expect(page.getByRole('link', { name: /Download your credit agreement/ })).toHaveCount(0);

  // The second variant links the other documents of the set.
  await page.goto('/#/loan-key-facts-2');
  const others = page.getByRole('navigation', { name: 'Other documents about your loan' });
  await others.getByRole('link', { name: 'Your credit agreement' }).click();
  await expect(page).toHaveURL(/#\/loan-agreement-2$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Fixed-sum loan agreement');

  // The white-label variants: a signed-in borrower is drawn and titled in the brand owning their application,
  // whatever brand a page asks the BFF for (here the lender's own).
  const ownerName = await brandName(request, applicationOwner || 'default');
  for (const [path, title, screen] of [
    ['/about-your-loan-wl', 'Your loan explained', 'about-your-loan-wl'],
    ['/loan-key-facts-wl', 'Your loan: key facts', 'loan-key-facts-wl'],
    ['/loan-agreement-wl', 'Fixed-sum loan agreement', 'loan-agreement-wl'],
  ] as const) {
    await page.goto(`/#${path}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    await expect(header).toContainText(ownerName);
    await expect(page).toHaveTitle(new RegExp(ownerName));
    await expect(page.getByRole('article')).toContainText(pounds(quote.amountPence));
    await checkScreen(`borrower-documents-${screen}`);
  }
});

test.describe('on a phone', () => {
  test.use({
    viewport: { width: 375, height: 812 },
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
    isMobile: true,
    hasTouch: true,
  });

  test('the scroll arrow shows on the long agreement of HtmlViewThree and takes the reader to its end', async ({
    page,
    request,
    sandboxURL,
  }) => {
    await signIn(page, request, sandboxURL);
    await page.goto('/#/HtmlViewThree');
    await expect(page.getByRole('article')).toContainText('Signatures');
    const arrow = page.getByRole('button', { name: 'Scroll to the bottom' });
    await expect(arrow).toBeVisible();
    await arrow.click();
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollHeight - (window.scrollY + window.innerHeight)))
      .toBeLessThanOrEqual(10);
  });
});

test('an applicant proves their identity with a share code, and the application’s identity stage is done', async ({
  page,
  request,
  sandboxURL,
  pageErrors,
  checkScreen,
}) => {
  test.setTimeout(180_000);
  await signIn(page, request, sandboxURL);
  const before = await application(request, sandboxURL);
  expect(before.regStage.idv).toBe(0);

  await page.getByRole('link', { name: 'Prove your identity with a share code' }).click();
  await expect(page).toHaveURL(/#\/idv\/share_code$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Prove your identity with a share code');
  await expect(page.getByRole('link', { name: /Prove your right to work on GOV\.UK/ })).toHaveAttribute(
    'href',
    'https://www.gov.uk/prove-right-to-work',
  );
  await checkScreen('borrower-share-code');
  await page.getByRole('button', { name: 'I have a share code' }).click();

  // Validated on submit, before anything is sent.
  await expect(page).toHaveURL(/#\/idv\/share_code_submit$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Enter your share code');
  await checkScreen('borrower-share-code-submit');
  await page.getByRole('button', { name: 'Check my share code' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'There is a problem' })).toBeFocused();
  // The hint stays with the error, which is read after a hidden "Error:".
  await expect(page.getByLabel('Share code')).toHaveAccessibleDescription(
    '9 letters and numbers, like W12 345 678. You can paste it from GOV.UK. Error: Enter your share code',
  );
  await checkScreen('borrower-share-code-submit-error');

  // Someone else's code: the Home Office's refusal comes back by the field, and the code typed is kept.
  await page.getByLabel('Share code').fill('W12 345 678');
  await page.getByRole('button', { name: 'Check my share code' }).click();
  await expect(page).toHaveURL(/#\/idv\/share_code_submit$/);
  await expect(page.getByRole('alert').filter({ hasText: 'different date of birth' })).toBeFocused();
  await expect(page.getByLabel('Share code')).toHaveValue('W12 345 678');
  await checkScreen('borrower-share-code-submit-refused');
  expect((await application(request, sandboxURL)).identity).toBeNull();
  // The refusal is the call's HTTP 400, which the browser logs: the only error this journey may report.
  expect(pageErrors).toEqual(['console: Failed to load resource: the server responded with a status of 400 (Bad Request)']);
  pageErrors.length = 0;

  // A refresh keeps what was typed.
  await page.getByLabel('Share code').fill('w2f8 t5k9v');
  await page.reload();
  await expect(page.getByLabel('Share code')).toHaveValue('w2f8 t5k9v');

  // Her own code, pasted with spaces and in lower case. Identity was her last stage: the loan is paid out, so
  // the application's screens are behind her, and she goes straight on to it, as after a document check.
  await page.getByRole('button', { name: 'Check my share code' }).click();
  await expect(page).toHaveURL(/#\/loanDashboard\/main$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your loan');

  const after = await application(request, sandboxURL);
  expect(after.id).toBe(before.id);
  expect(after.regStage.idv).toBe(1);
  expect(after.identity?.checkId).toBe('');
  expect(after.identity?.shareCode?.purpose).toBe('right_to_work');
  expect(after.status).toBe('drawn_down');
});
