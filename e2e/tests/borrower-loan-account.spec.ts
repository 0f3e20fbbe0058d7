import type { Page } from '@playwright/test';
import { heading, longDate, pounds, valueOf } from '../fixtures/journey-steps';
import {
  coreDocuments,
  coreLoans,
  coreSchedule,
  coreStatement,
  downloadedFile,
  expectPdfDrawn,
  personaCustomerId,
  sessionToken,
  signInWithPin,
} from '../fixtures/loan-account';
import type { CoreLoan } from '../fixtures/loan-account';
import { personaEmail } from '../fixtures/mailbox';
import { expect, test } from '../fixtures/test';

// Issue 16's loan account, §1, §2 and §4: seeded borrowers (sandbox/README.md "Personas") read their loan, its
// menus, schedule, transactions, documents and statements, each figure the lending core's; arrears close what
// they close; a borrower with two loans chooses one; a repaid loan shows its closing statement; and no borrower
// reads another's loan by changing an id.

const DASHBOARD = /#\/loanDashboard\/main$/;

/** The one loan of a persona who has one, as the lending core computes it today. */
async function onlyLoan(request: Parameters<typeof coreLoans>[0], sandboxURL: string, persona: string): Promise<CoreLoan> {
  const loans = await coreLoans(request, sandboxURL, personaCustomerId(persona));
  const [loan, ...others] = loans;
  if (loan === undefined || others.length > 0) throw new Error(`${persona} has ${String(loans.length)} loans, not one`);
  return loan;
}

/** A figure of the loan the dashboard shows (its last summary list: the list of loans above has its own). */
function figure(page: Page, term: string) {
  return page.getByRole('main').locator('dl').last().locator('dt', { hasText: new RegExp(`^${term}$`) }).locator('xpath=following-sibling::dd[1]');
}

/** The dashboard's figures of a loan, each the lending core's. */
async function expectDashboardFigures(page: Page, loan: CoreLoan): Promise<void> {
  await expect(figure(page, 'Balance')).toHaveText(pounds(loan.balancePence));
  await expect(figure(page, 'APR')).toHaveText(`${loan.aprPercent}%`);
  await expect(figure(page, 'Instalments paid')).toHaveText(String(loan.instalmentsPaid));
  await expect(figure(page, 'Instalments left')).toHaveText(String(loan.instalmentsRemaining));
  await expect(figure(page, 'Total payable')).toHaveText(pounds(loan.totalPayablePence));
  if (loan.nextPayment !== undefined) {
    await expect(figure(page, 'Next payment')).toHaveText(
      `${pounds(loan.nextPayment.amountPence)} on ${longDate(loan.nextPayment.dueDate)}`,
    );
  }
  await expect(figure(page, 'Final payment')).toHaveText(`${pounds(loan.finalInstalmentPence)} on ${longDate(loan.finalDueDate)}`);
}

/** A menu item that is closed: its words and why, and no link. */
function closedItem(page: Page, label: string) {
  return page.getByRole('listitem').filter({ has: page.getByText(label, { exact: true }) });
}

test('a borrower reads their loan, its menus, schedule, transactions, documents and statements, each as the lending core has it', async ({
  page,
  request,
  sandboxURL,
  checkScreen,
}) => {
  test.setTimeout(240_000);
  const loan = await onlyLoan(request, sandboxURL, 'up-to-date');
  await signInWithPin(page, personaEmail('up-to-date'));
  await expect(page).toHaveURL(DASHBOARD);
  await expect(heading(page)).toHaveText('Your loan');
  await expectDashboardFigures(page, loan);

  // The balance over time: a chart, and the same figures as a table for anyone who cannot see it.
  const history = page.getByRole('region', { name: 'Your balance over time' });
  await expect(history.locator('canvas').first()).toBeVisible();
  await history.getByRole('button', { name: 'Show the figures as a table' }).click();
  const table = history.getByRole('table', { name: 'Your balance at each due date' });
  await expect(table).toBeVisible();
  const schedule = await coreSchedule(request, sandboxURL, loan.id);
  await expect(table.getByRole('row')).toHaveCount(schedule.length + 1);
  await checkScreen('borrower-loan-account-dashboard');

  // The menu: what exists opens, what does not yet says why and how to get help, and nothing is a dead link.
  await page.getByRole('link', { name: 'Manage your loan' }).click();
  await expect(heading(page)).toHaveText('Manage your loan');
  for (const open of ['Your repayment schedule', 'Your transactions', 'Your statements', 'Your loan documents']) {
    await expect(page.getByRole('link', { name: open })).toBeVisible();
  }
  await expect(closedItem(page, 'Take a payment holiday')).toContainText('You cannot do this online yet. Call us on');
  await expect(page.getByRole('link', { name: 'Take a payment holiday' })).toHaveCount(0);
  await expect(page.getByRole('main').getByRole('link', { name: 'Contact us' })).toBeVisible();
  await checkScreen('borrower-loan-account-manage');

  // The schedule: every instalment, to the penny.
  await page.getByRole('link', { name: 'Your repayment schedule' }).click();
  await expect(heading(page)).toHaveText('Your repayment schedule');
  const rows = page.getByRole('table').getByRole('row');
  await expect(rows).toHaveCount(schedule.length + 1);
  const first = schedule[0];
  if (first === undefined) throw new Error('a loan has instalments');
  await expect(rows.nth(1)).toContainText(longDate(first.dueDate));
  await expect(rows.nth(1)).toContainText(pounds(first.paymentPence));
  await expect(rows.nth(1)).toContainText('Paid');
  await checkScreen('borrower-loan-account-schedule');

  // The transactions, newest first, each with the balance after it: the newest leaves today's balance.
  await page.getByRole('link', { name: 'Back' }).click();
  await page.getByRole('link', { name: 'Your transactions' }).click();
  await expect(heading(page)).toHaveText('Your transactions');
  await expect(page.getByRole('table').getByRole('row').nth(1)).toContainText(pounds(loan.balancePence));
  await checkScreen('borrower-loan-account-transactions');

  // The signed agreement, drawn in the page and downloaded: the very bytes the lending core keeps.
  await page.getByRole('link', { name: 'Back' }).click();
  await page.getByRole('link', { name: 'Your loan documents' }).click();
  await expect(heading(page)).toHaveText('Your loan documents');
  const documents = await coreDocuments(request, sandboxURL, loan.id);
  expect(documents.map((document) => document.kind)).toContain('credit-agreement');
  for (const document of documents) await expect(page.getByRole('link', { name: document.title })).toBeVisible();
  await checkScreen('borrower-loan-account-documents');
  const agreement = documents.find((document) => document.kind === 'credit-agreement');
  if (agreement === undefined) throw new Error('unreachable');
  await page.getByRole('link', { name: agreement.title }).click();
  await expect(page).toHaveURL(/#\/pdf-view\?document=/);
  await expectPdfDrawn(page);
  const file = await downloadedFile(page, /^Download this document/);
  expect(file.name).toMatch(/\.pdf$/);
  expect(file.sha256).toBe(agreement.pdfSha256);
  await checkScreen('borrower-loan-account-pdf-view');

  // A statement for a period: a period that ends before it starts is refused, keeping what was typed; then the
  // statement's figures are the lending core's, and its PDF opens.
  await page.getByRole('link', { name: 'Back' }).click();
  await page.getByRole('link', { name: 'Back' }).click();
  await page.getByRole('link', { name: 'Your statements' }).click();
  await expect(heading(page)).toHaveText('Your statements');
  const from = loan.drawdownDate;
  const to = schedule[2]?.dueDate ?? '';
  const typeDate = async (legend: string, iso: string) => {
    const [year = '', month = '', day = ''] = iso.split('-');
    const group = page.getByRole('group', { name: legend });
    await group.getByLabel('Day').fill(String(Number(day)));
    await group.getByLabel('Month').fill(String(Number(month)));
    await group.getByLabel('Year').fill(year);
  };
  await typeDate('From', to);
  await typeDate('To', from);
  await page.getByRole('button', { name: 'Show the statement' }).click();
  const summary = page.getByRole('alert').filter({ hasText: 'There is a problem' });
  await expect(summary).toContainText('The date the statement runs to must be the same as or after the date it starts from');
  await expect(page.getByRole('group', { name: 'From' }).getByLabel('Year')).toHaveValue(to.slice(0, 4));
  await checkScreen('borrower-loan-account-statements-error');
  await typeDate('From', from);
  await typeDate('To', to);
  await page.getByRole('button', { name: 'Show the statement' }).click();
  const statement = await coreStatement(request, sandboxURL, loan.id, from, to);
  await expect(valueOf(page, 'Balance at the start')).toHaveText(pounds(statement.openingBalancePence));
  await expect(valueOf(page, 'Payments')).toHaveText(pounds(statement.paymentsPence));
  await expect(valueOf(page, 'Interest')).toHaveText(pounds(statement.interestPence));
  await expect(valueOf(page, 'Balance at the end')).toHaveText(pounds(statement.closingBalancePence));
  await checkScreen('borrower-loan-account-statement');
});

test('a borrower 40 days behind sees the arrears the lending core counts, and the menus close what arrears close, saying why', async ({
  page,
  request,
  sandboxURL,
  checkScreen,
}) => {
  test.setTimeout(120_000);
  const moved = await request.post(`${sandboxURL}/_sandbox/clock`, { data: { advance: `${40 * 24}h` } });
  expect(moved.status()).toBe(200);
  const loan = await onlyLoan(request, sandboxURL, 'up-to-date');
  expect(loan.arrears.amountPence, 'a missed instalment after 40 days without paying').toBeGreaterThan(0);

  await signInWithPin(page, personaEmail('up-to-date'));
  await expect(page).toHaveURL(DASHBOARD);
  const banner = page.getByRole('region', { name: /^You have missed (a payment|\d+ payments)$/ });
  await expect(banner).toContainText(pounds(loan.arrears.amountPence));
  await expectDashboardFigures(page, loan);
  await checkScreen('borrower-loan-account-arrears');

  await page.getByRole('link', { name: 'Manage your loan' }).click();
  await expect(heading(page)).toHaveText('Manage your loan');
  const missed = `You have a missed payment of ${pounds(loan.arrears.amountPence)}.`;
  await expect(closedItem(page, 'Take a payment holiday')).toContainText(missed);
  await expect(closedItem(page, 'Change your repayments')).toContainText(missed);
  await expect(closedItem(page, 'Borrow more')).toContainText(missed);
  // Arrears never close paying or getting help: paying is open, help waits only on its screens being built.
  await expect(page.getByRole('link', { name: 'Make a payment' })).toBeVisible();
  await expect(closedItem(page, 'Get help if you are struggling to pay')).toContainText('You cannot do this online yet.');
  await checkScreen('borrower-loan-account-arrears-manage');
});

test('a borrower with two loans chooses one, and every loan screen is about the one chosen', async ({
  page,
  request,
  sandboxURL,
  checkScreen,
}) => {
  test.setTimeout(120_000);
  const [newer, older] = await coreLoans(request, sandboxURL, personaCustomerId('two-loans'));
  if (newer === undefined || older === undefined) throw new Error('the two-loans persona has two loans');
  await signInWithPin(page, personaEmail('two-loans'));
  await expect(page).toHaveURL(DASHBOARD);

  // Both are listed, newest first, and the newest is shown until another is chosen.
  const list = page.getByRole('region', { name: 'Your loans' });
  await expect(list.getByRole('heading', { level: 3 })).toHaveText([
    new RegExp(`^Loan of ${pounds(newer.amountPence).replace('.', '\\.')}`),
    new RegExp(`^Loan of ${pounds(older.amountPence).replace('.', '\\.')}`),
  ]);
  await expectDashboardFigures(page, newer);
  await checkScreen('borrower-loan-account-two-loans');

  await list.getByRole('button', { name: new RegExp(`^Show this loan: Loan of ${pounds(older.amountPence).replace('.', '\\.')}`) }).click();
  await expectDashboardFigures(page, older);

  // The schedule is the older loan's, and says so, with the way to change loan.
  await page.getByRole('link', { name: 'Manage your loan' }).click();
  await page.getByRole('link', { name: 'Your repayment schedule' }).click();
  await expect(page.getByText(`This is about your loan of ${pounds(older.amountPence)}`)).toBeVisible();
  const olderSchedule = await coreSchedule(request, sandboxURL, older.id);
  await expect(page.getByRole('table').getByRole('row')).toHaveCount(olderSchedule.length + 1);
  await checkScreen('borrower-loan-account-two-loans-schedule');

  // Changing loan leads back to the list; the newer loan's schedule is its own.
  await page.getByRole('link', { name: 'Change loan' }).click();
  await expect(page).toHaveURL(DASHBOARD);
  await list.getByRole('button', { name: new RegExp(`^Show this loan: Loan of ${pounds(newer.amountPence).replace('.', '\\.')}`) }).click();
  await expectDashboardFigures(page, newer);
  await page.getByRole('link', { name: 'Manage your loan' }).click();
  await page.getByRole('link', { name: 'Your repayment schedule' }).click();
  const newerSchedule = await coreSchedule(request, sandboxURL, newer.id);
  await expect(page.getByRole('table').getByRole('row')).toHaveCount(newerSchedule.length + 1);
});

test('a borrower whose loan is repaid sees it as repaid, with its closing statement', async ({ page, request, sandboxURL, checkScreen }) => {
  test.setTimeout(120_000);
  const loan = await onlyLoan(request, sandboxURL, 'settled');
  expect(loan.status).toBe('settled');
  await signInWithPin(page, personaEmail('settled'));
  await expect(page).toHaveURL(DASHBOARD);
  const repaid = page.getByRole('region', { name: 'You have repaid this loan' });
  await expect(repaid).toContainText(`You repaid this loan in full on ${longDate(loan.settledOn ?? '')}.`);
  await expect(valueOf(page, 'Balance')).toHaveText('£0.00');
  await checkScreen('borrower-loan-account-settled');
  await repaid.getByRole('link', { name: /closing statement/i }).click();
  await expect(page).toHaveURL(/#\/pdf-view\?document=/);
  await expectPdfDrawn(page);
  await checkScreen('borrower-loan-account-closing-statement');
});

test('a signed-in applicant with no loan yet is sent to where their application resumes, not an error', async ({ page }) => {
  await signInWithPin(page, personaEmail('regstage-setphone'));
  await expect(page).toHaveURL(/#\/phoneNumber$/);
  await page.goto('/#/loanDashboard/main');
  await expect(page).toHaveURL(/#\/phoneNumber$/);
  await page.goto('/#/loan-schedule');
  await expect(page).toHaveURL(/#\/phoneNumber$/);
});

test('a borrower cannot read another borrower’s loan, schedule, transactions, statements or documents by changing an id', async ({
  page,
  request,
  sandboxURL,
  pageErrors,
}) => {
  // Borrower B's loan and its documents, as borrower A's browser would name them.
  const theirs = await onlyLoan(request, sandboxURL, 'arrears');
  await signInWithPin(page, personaEmail('up-to-date'));
  await expect(page).toHaveURL(DASHBOARD);
  const token = await sessionToken(page);
  const call = async (path: string, params?: Record<string, string>) => {
    const answer = await page.request.get(`/api/v2/lender/${path}`, { params, headers: { accessToken: token } });
    return { status: answer.status(), body: await answer.text() };
  };

  // A's own documents answer; B's document ids, made the way the listing makes them, do not.
  const mine = await call('loanAction/legalDocuments', { loanId: (await onlyLoan(request, sandboxURL, 'up-to-date')).id });
  const myIds = (JSON.parse(mine.body) as { resultData: { documents: { documentId: string }[] } }).resultData.documents.map(
    (document) => document.documentId,
  );
  expect(myIds.length).toBeGreaterThan(0);
  const mineId = (await onlyLoan(request, sandboxURL, 'up-to-date')).id;
  const theirIds = myIds.map((id) => id.replace(mineId, theirs.id));
  const nobodys = 'loan_does_not_exist';

  const byLoan = ['loanAction/manageMyLoanMenu', 'loanAction/adjustLoanMenu', 'loanAction/makePaymentMenu', 'loanAction/schedule',
    'loanAction/transactions', 'loanAction/legalDocuments', 'loanAction/statementPeriods', 'loanAction/loanSummary'];
  for (const path of byLoan) {
    const other = await call(path, { loanId: theirs.id });
    const none = await call(path, { loanId: nobodys });
    expect(JSON.parse(other.body), `${path} with another borrower's loan`).toMatchObject({ errorCode: 100404 });
    expect(other, `${path}: another's loan answers as no loan at all`).toEqual(none);
  }
  const statement = { from: theirs.drawdownDate, to: theirs.drawdownDate };
  expect(JSON.parse((await call('loanAction/statement', { loanId: theirs.id, ...statement })).body)).toMatchObject({ errorCode: 100404 });
  expect(JSON.parse((await call('loanAction/annualStatement', { loanId: theirs.id, year: '1' })).body)).toMatchObject({
    errorCode: 100404,
  });
  for (const id of theirIds) {
    const other = await call(`downloadPDF/${encodeURIComponent(id)}`);
    const none = await call(`downloadPDF/${encodeURIComponent(id.replace(theirs.id, nobodys))}`);
    expect(JSON.parse(other.body), `downloadPDF of another's ${id}`).toMatchObject({ errorCode: 100404 });
    expect(other).toEqual(none);
  }
  // The app's own screen, given another's document id, says so in the page and draws nothing.
  await page.goto(`/#/pdf-view?document=${encodeURIComponent(theirIds[0] ?? '')}`);
  await expect(page.getByRole('main').getByText('We could not find that document.')).toBeVisible();
  await expect(page.locator('canvas')).toHaveCount(0);
  // The browser logs the refusal's HTTP status, the one error this page is expected to report.
  expect(pageErrors).toEqual(['console: Failed to load resource: the server responded with a status of 404 (Not Found)']);
  pageErrors.length = 0;
});
