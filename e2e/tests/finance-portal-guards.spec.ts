import type { Page } from '@playwright/test';
import { brandName } from '../fixtures/brand';
import { northgateBroker, PORTAL_TOKEN_KEY, signInToPortal, storedPortalToken, submitPortalSignIn } from '../fixtures/portal';
import { expect, test } from '../fixtures/test';

function base64Url(value: object): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

/** A token shaped like the BFF's portal session JWT, whose `exp` lies `secondsFromNow` ahead (or behind). */
function portalToken(secondsFromNow: number): string {
  const exp = Math.floor(Date.now() / 1000) + secondsFromNow;
  return `${base64Url({ alg: 'HS256', typ: 'JWT' })}.${base64Url({ aud: 'portal', sub: 'e2e', sid: 'e2e', exp })}.not-signed`;
}

/**
 * Puts a portal session token in local storage before the portal's code runs: what a browser whose session
 * has run out holds. The guards read only the token's `exp`, so an expired one never reaches the BFF.
 */
async function plantPortalToken(page: Page, token: string): Promise<void> {
  await page.addInitScript(
    ([key, value]) => {
      window.localStorage.setItem(key, value);
    },
    [PORTAL_TOKEN_KEY, token] as const,
  );
}

async function expectLoginScreen(page: Page, returnTo?: string): Promise<void> {
  const query = returnTo === undefined ? '' : `\\?returnTo=${encodeURIComponent(returnTo).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`;
  await expect(page).toHaveURL(new RegExp(`/finance-portal/#/login${query}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Finance portal');
  await expect(page.getByRole('navigation')).toHaveCount(0);
}

test.describe('finance portal guards', () => {
  test('/finance-portal, without its slash, reaches the login screen', async ({ page }) => {
    await page.goto('/finance-portal');

    await expectLoginScreen(page);
  });

  for (const path of ['/dashboard', '/new-loan', '/loans/LN-1234']) {
    test(`a guest opening #${path} lands on login, which remembers where they were going`, async ({
      page,
      checkScreen,
    }) => {
      await page.goto(`/finance-portal/#${path}`);

      await expectLoginScreen(page, path);
      if (path === '/dashboard') await checkScreen('finance-portal-login-guest-redirected');
    });
  }

  test('a guest sent to login reaches the page they wanted once signed in', async ({ page }) => {
    await page.goto('/finance-portal/#/loans/LN-1234');
    await expectLoginScreen(page, '/loans/LN-1234');

    await submitPortalSignIn(page, northgateBroker.email, northgateBroker.password);

    await expect(page).toHaveURL(/\/finance-portal\/#\/loans\/LN-1234$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Loan LN-1234');
  });

  test('an expired token counts as a guest', async ({ page, request }) => {
    const displayName = await brandName(request);
    await plantPortalToken(page, portalToken(-60));

    await page.goto('/finance-portal/#/dashboard');

    await expectLoginScreen(page, '/dashboard');
    await expect(page.getByText(displayName, { exact: true })).toBeVisible();
    expect(await storedPortalToken(page)).toBeNull();
  });

  test('a signed-in user opening login lands on the dashboard, moves around the portal and signs out', async ({
    page,
    request,
    checkScreen,
  }) => {
    // Four screens, each checked by axe at two sizes: more than the default 30 s on a busy 2-core machine.
    test.setTimeout(90_000);
    const displayName = await brandName(request);
    await signInToPortal(page);

    await page.goto('/finance-portal/#/login');

    await expect(page).toHaveURL(/\/finance-portal\/#\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dashboard');
    const banner = page.getByRole('banner');
    await expect(banner.getByText(displayName, { exact: true })).toBeVisible();
    await expect(banner.getByText('Finance portal', { exact: true })).toBeVisible();
    const nav = page.getByRole('navigation', { name: 'Portal' });
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('main')).toContainText('Dashboard');
    await checkScreen('finance-portal-dashboard');

    await nav.getByRole('link', { name: 'New loan' }).click();

    await expect(page).toHaveURL(/\/finance-portal\/#\/new-loan$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('New loan');
    await expect(nav.getByRole('link', { name: 'New loan' })).toHaveAttribute('aria-current', 'page');
    await checkScreen('finance-portal-new-loan');

    await page.goto('/finance-portal/#/loans/LN-1234');

    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Loan LN-1234');
    await expect(nav).toBeVisible();
    await checkScreen('finance-portal-loan');

    await page.getByRole('button', { name: 'Sign out' }).click();

    await expectLoginScreen(page);
    expect(await storedPortalToken(page)).toBeNull();
    await checkScreen('finance-portal-login-signed-out');

    // Back to the loan page: the guard sends the signed-out user to login again.
    await page.goBack();

    await expectLoginScreen(page, '/loans/LN-1234');
  });

  test('the signed-in layout works from the keyboard, with a skip link and visible focus', async ({ page }) => {
    await signInToPortal(page);
    // A fresh page of the dashboard, as if opened from a bookmark: focus starts at the top.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dashboard');

    // The skip link comes first, shows when focused, and moves focus to main without leaving the screen.
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('main')).toBeFocused();
    await expect(page).toHaveURL(/\/finance-portal\/#\/dashboard$/);

    // The header before it, in reading order: navigation, then Sign out; each shows where focus is.
    const dashboard = page.getByRole('link', { name: 'Dashboard' });
    const newLoan = page.getByRole('link', { name: 'New loan' });
    const signOut = page.getByRole('button', { name: 'Sign out' });
    await page.keyboard.press('Shift+Tab');
    await expect(signOut).toBeFocused();
    await expect(signOut).toHaveCSS('outline-style', 'solid');
    await page.keyboard.press('Shift+Tab');
    await expect(newLoan).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await expect(dashboard).toBeFocused();
    await expect(dashboard).toHaveCSS('outline-style', 'solid');

    // Following a link moves focus to the new screen.
    await page.keyboard.press('Tab');
    await expect(newLoan).toBeFocused();
    await expect(newLoan).toHaveCSS('outline-style', 'solid');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('New loan');
    await expect(page.getByRole('main')).toBeFocused();

    await page.keyboard.press('Shift+Tab');
    await expect(signOut).toBeFocused();
    await page.keyboard.press('Enter');

    await expectLoginScreen(page);
  });

  test('the signed-in layout fits a 375 px screen', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await signInToPortal(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dashboard');

    for (const control of [
      page.getByRole('link', { name: 'Dashboard' }),
      page.getByRole('link', { name: 'New loan' }),
      page.getByRole('button', { name: 'Sign out' }),
    ]) {
      await expect(control).toBeInViewport({ ratio: 1 });
    }
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });

  test('a malformed loan reference shows the 404 page to a signed-in user', async ({ page, checkScreen }) => {
    await signInToPortal(page);

    await page.goto('/finance-portal/#/loans/odd');

    await expect(page.getByRole('heading', { level: 1 })).toHaveText('404 page not found...');
    await expect(page.getByRole('navigation')).toHaveCount(0);
    await checkScreen('finance-portal-loan-not-found');
  });

  test('a guest opens the client page with no login, and none of the portal layout', async ({
    page,
    request,
    checkScreen,
  }) => {
    const displayName = await brandName(request);

    await page.goto('/finance-portal/#/client/LN-1234');

    await expect(page).toHaveURL(/\/finance-portal\/#\/client\/LN-1234$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Loan LN-1234');
    await expect(page.getByRole('banner').getByText(displayName, { exact: true })).toBeVisible();
    await expect(page.getByRole('navigation')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Sign out' })).toHaveCount(0);
    await checkScreen('finance-portal-client');
  });
});
