import type { APIRequestContext, Page } from '@playwright/test';
import { brandConfig, brandName, rgbOf } from '../fixtures/brand';
import { northgateBroker, PORTAL_TOKEN_KEY, signInToPortal, storedPortalToken, submitPortalSignIn } from '../fixtures/portal';
import { expect, test } from '../fixtures/test';

/** The portal session's binding cookie (bff/internal/session: the base name and the audience). */
const PORTAL_COOKIE = 'lender_session_portal';

/** What the browser holds of its portal session: the token the portal keeps and the BFF's HttpOnly cookie. */
async function heldSession(page: Page): Promise<{ token: string; cookie: string }> {
  const token = await page.evaluate((key) => {
    const raw = window.localStorage.getItem(key) ?? '';
    // The portal keeps it in its expiring storage: {"$expiring":1,"value":…} (packages/api-client/src/storage.ts).
    return raw.startsWith('{') ? (JSON.parse(raw) as { value: string }).value : raw;
  }, PORTAL_TOKEN_KEY);
  const cookie = (await page.context().cookies()).find((c) => c.name === PORTAL_COOKIE);
  expect(token).not.toBe('');
  expect(cookie?.httpOnly).toBe(true);
  return { token, cookie: cookie?.value ?? '' };
}

/** portal/me asked with a session's token and cookie, as its browser would: the HTTP status. */
async function portalMeStatus(request: APIRequestContext, held: { token: string; cookie: string }): Promise<number> {
  const answer = await request.get('/api/v2/lender/portal/me', {
    headers: { accessToken: held.token, Cookie: `${PORTAL_COOKIE}=${held.cookie}` },
  });
  return answer.status();
}

test.describe('finance portal sign-in', () => {
  test('a Northgate broker signs in, is named, is kept to the guard rules, and signs out for good', async ({
    page,
    request,
    checkScreen,
  }) => {
    // Several screens, each checked by axe at two sizes: more than the default 30 s on a busy 2-core machine.
    test.setTimeout(90_000);
    const displayName = await brandName(request);

    // A guest asking for the dashboard is sent to login, which remembers where they were going.
    await page.goto('/finance-portal/#/dashboard');
    await expect(page).toHaveURL(/\/finance-portal\/#\/login\?returnTo=%2Fdashboard$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Finance portal');
    await expect(page.getByText(displayName, { exact: true })).toBeVisible();
    await checkScreen('finance-portal-sign-in');

    await submitPortalSignIn(page, northgateBroker.email, northgateBroker.password);

    await expect(page).toHaveURL(/\/finance-portal\/#\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dashboard');
    const banner = page.getByRole('banner');
    await expect(banner.getByText(`Signed in as ${northgateBroker.name}`)).toBeVisible();
    // Signed in, the portal is drawn in the brand of the broker's firm: Northgate's own colours (its client
    // record in the lending core) under the lender's name.
    const firm = await brandConfig(request, 'northgate');
    await expect(banner).toHaveCSS('background-color', rgbOf(String(firm.headerColor)));
    await expect(banner).toContainText(firm.displayName);
    await checkScreen('finance-portal-signed-in');
    const held = await heldSession(page);
    expect(await portalMeStatus(request, held)).toBe(200);

    // Login is for guests: a signed-in broker opening it stays in the portal.
    await page.goto('/finance-portal/#/login');
    await expect(page).toHaveURL(/\/finance-portal\/#\/dashboard$/);
    // The client page stands alone, signed in or not.
    await page.goto('/finance-portal/#/client/LN-1234');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Loan LN-1234');
    await expect(page.getByRole('navigation')).toHaveCount(0);
    await page.goto('/finance-portal/#/new-loan');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('New loan');

    await page.getByRole('button', { name: 'Sign out' }).click();

    await expect(page).toHaveURL(/\/finance-portal\/#\/login$/);
    expect(await storedPortalToken(page)).toBeNull();
    // The BFF ended the session: the old token, even with its old cookie, is refused.
    expect(await portalMeStatus(request, held)).toBe(401);
    // And the guard holds again.
    await page.goto('/finance-portal/#/new-loan');
    await expect(page).toHaveURL(/\/finance-portal\/#\/login\?returnTo=%2Fnew-loan$/);
  });

  test('a wrong password ten times is rate-limited with a clear message', async ({ page, checkScreen, pageErrors }) => {
    test.setTimeout(90_000);
    await page.goto('/finance-portal/#/login');
    const summary = page.getByRole('alert').filter({ hasText: 'There is a problem' });

    for (let attempt = 1; attempt <= 10; attempt += 1) {
      await submitPortalSignIn(page, northgateBroker.email, `not-the-password-${String(attempt)}`);
      await expect(summary).toContainText('The email address or password is not right.');
      await expect(page.getByLabel('Password')).toHaveValue('');
    }

    // The eleventh try waits, even with the right password.
    await submitPortalSignIn(page, northgateBroker.email, northgateBroker.password);

    await expect(summary).toContainText('Too many attempts. Please wait 15 minutes and try again.');
    await expect(summary).toBeFocused();
    await expect(page).toHaveURL(/\/finance-portal\/#\/login$/);
    expect(await storedPortalToken(page)).toBeNull();
    // The browser logs the refused request itself; that one, and only that, is expected.
    expect(pageErrors).toEqual(['console: Failed to load resource: the server responded with a status of 429 (Too Many Requests)']);
    pageErrors.length = 0;
    await checkScreen('finance-portal-sign-in-rate-limited');
  });

  test('the signed-in portal names its user on a 375 px screen', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await signInToPortal(page);

    for (const control of [
      page.getByRole('link', { name: 'Dashboard' }),
      page.getByRole('button', { name: 'Sign out' }),
      page.getByText(`Signed in as ${northgateBroker.name}`),
    ]) {
      await expect(control).toBeInViewport({ ratio: 1 });
    }
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
