import type { APIRequestContext, Page } from '@playwright/test';
import { heading } from '../fixtures/journey-steps';
import { sessionToken, signInWithPin } from '../fixtures/loan-account';
import { personaEmail, signInWithEmailCode } from '../fixtures/mailbox';
import { expect, test } from '../fixtures/test';

/** A seeded borrower as the sandbox's catalogue lists them (GET /_sandbox/personas). */
interface Persona {
  key: string;
  firstName: string;
  lastName: string;
  pin?: string;
  pinLocked?: boolean;
}

const DASHBOARD = /#\/loanDashboard\/main$/;

/**
 * Where a sign-in by PIN ends for each seeded persona with a PIN: a borrower with a loan on the dashboard, an
 * applicant where their application resumes (spec §4, as sandbox/README.md says of each persona). A persona the
 * sandbox adds without a line here fails the test, so each new one is given its landing.
 */
const LANDINGS: Readonly<Record<string, RegExp>> = {
  'up-to-date': DASHBOARD,
  arrears: DASHBOARD,
  'payment-holiday': DASHBOARD,
  'top-up': DASHBOARD,
  settled: DASHBOARD,
  'two-loans': DASHBOARD,
  'regstage-setphone': /#\/phoneNumber$/,
  'regstage-confirmationpayee': /#\/[^/]+\/disbursal\/account$/,
  'regstage-setcpa': /#\/connectBank$/,
  'regstage-commissionconsent': /#\/commission-consent$/,
  'regstage-signature': /#\/sign$/,
  'regstage-idv': /#\/identity_start$/,
  'regstage-additionalops': /#\/amount\/address_history$/,
  'sign-over': /#\/signOver$/,
  'ops-reset-cpa': /#\/connectBank$/,
  'ops-sign-again': /#\/sign$/,
  'ops-change-loan': /#\/quote_review$/,
  'ops-open-banking': /#\/connect_accounts$/,
};

const accountNav = (page: Page) => page.getByRole('navigation', { name: 'Your account' });

/** Signs out with the header's button, which ends the session at the BFF, and checks it did. */
async function signOut(page: Page): Promise<void> {
  await accountNav(page).getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/#\/login\/home$/);
  await expect(page.getByRole('link', { name: 'Log in with e-mail' })).toBeVisible();
}

test('every seeded persona with a PIN signs in by PIN and lands where they belong, then signs out from the header', async ({
  page,
  request,
  sandboxURL,
  checkScreen,
}) => {
  test.setTimeout(240_000);
  const catalogue = (await (await request.get(`${sandboxURL}/_sandbox/personas`)).json()) as { borrowers: Persona[] };
  const withPin = catalogue.borrowers.filter((persona) => persona.pin !== undefined && persona.pin !== '' && !persona.pinLocked);
  expect(withPin.map((persona) => persona.key).sort()).toEqual(Object.keys(LANDINGS).sort());

  for (const persona of withPin) {
    await signInWithPin(page, personaEmail(persona.key), persona.pin);
    await expect(page, `${persona.key} lands`).toHaveURL(LANDINGS[persona.key] ?? /unreachable/);
    await expect(accountNav(page)).toContainText(`Signed in as ${persona.firstName} ${persona.lastName}`);
    await signOut(page);
  }

  // The dashboard's header, on a laptop and (behind its menu button) on a phone.
  const arrears = withPin.find((persona) => persona.key === 'arrears');
  if (arrears === undefined) throw new Error('the sandbox seeds no arrears persona');
  await signInWithPin(page, personaEmail(arrears.key), arrears.pin);
  await expect(page).toHaveURL(DASHBOARD);
  await expect(heading(page)).toHaveText('Your loan');
  await expect(accountNav(page).getByRole('link', { name: 'Your loan' })).toHaveAttribute('aria-current', 'page');
  await checkScreen('borrower-landing-dashboard');
  await page.setViewportSize({ width: 375, height: 812 });
  const menu = page.getByRole('button', { name: 'Menu' });
  await expect(accountNav(page)).toBeHidden();
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await menu.click();
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  await expect(accountNav(page).getByRole('button', { name: 'Sign out' })).toBeVisible();
  await checkScreen('borrower-landing-dashboard-menu');

  // A borrower's application screens are not theirs to open: a typed address leads to the loan.
  await page.goto('/#/all_done');
  await expect(page).toHaveURL(DASHBOARD);

  // Signing out ends the session at the BFF, not only in this browser: its token and cookie, kept aside, no
  // longer read the loan.
  const session = await sessionCredentials(page);
  expect((await loanSummaryWith(request, session)).status()).toBe(200);
  await signOut(page);
  expect((await loanSummaryWith(request, session)).status()).toBe(401);
});

interface SessionCredentials {
  token: string;
  cookie: string;
}

/** The signed-in session's token (as the app keeps it) and cookies, as the browser holds them now. */
async function sessionCredentials(page: Page): Promise<SessionCredentials> {
  const token = await sessionToken(page);
  const cookies = await page.context().cookies();
  return { token, cookie: cookies.map((c) => `${c.name}=${c.value}`).join('; ') };
}

function loanSummaryWith(request: APIRequestContext, { token, cookie }: SessionCredentials) {
  return request.get('/api/v2/lender/loanAction/loanSummary', { headers: { accessToken: token, cookie } });
}

test('an applicant without a PIN signs in by e-mail code and lands where the application resumes', async ({
  page,
  request,
  sandboxURL,
  checkScreen,
}) => {
  await signInWithEmailCode(page, request, sandboxURL, personaEmail('one-page'));
  await expect(page).toHaveURL(/#\/loan\/housing-info$/);
  await expect(accountNav(page)).toContainText('Signed in as Vesper Hughes');
  await checkScreen('borrower-landing-one-page-resumes');
  await signOut(page);

  await signInWithEmailCode(page, request, sandboxURL, personaEmail('regstage-welcome'));
  await expect(page).toHaveURL(/#\/(start_b|quote_review)$/);
});
