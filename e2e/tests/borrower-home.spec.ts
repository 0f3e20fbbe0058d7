import { brandConfig } from '../fixtures/brand';
import { expect, test } from '../fixtures/test';

test('opening / lands on /login/home named after the default brand of the BFF configuration', async ({
  page,
  request,
  checkScreen,
}) => {
  const { displayName, pageTitle } = await brandConfig(request);

  await page.goto('/');

  await expect(page).toHaveURL(/\/#\/login\/home$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(displayName);
  await expect(page).toHaveTitle(String(pageTitle));
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  await expect(page.getByRole('link', { name: 'Log in with e-mail' })).toHaveAttribute('href', '#/login/emailLogin');
  await expect(page.getByRole('link', { name: 'Log in with your phone' })).toHaveAttribute('href', '#/login/phoneLogin');
  // The stack runs the BFF's sandbox profile, so the sandbox mailbox is offered.
  await expect(page.getByRole('link', { name: 'sandbox mailbox' })).toHaveAttribute('href', '#/email-box');

  await checkScreen('borrower-login-home');
});

test('the first screen can be used with the keyboard alone', async ({ page }) => {
  await page.goto('/#/login/home');
  await expect(page.getByRole('link', { name: 'Log in with e-mail' })).toBeVisible();
  // The loan's figures have arrived: nothing they hold takes the focus.
  await expect(page.getByText(/^Representative example: /)).toBeVisible();

  // The way to start comes first, then the ways in.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Check your eligibility' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Log in with e-mail' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Log in with your phone' })).toBeFocused();
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(/\/#\/login\/phoneLogin$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Log in with your phone');
});

test('the layout sizes the root font from the window width and keeps the device markers', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/#/login/home');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  // In px, rounded to a hundredth (rem sizes come back as 15.9999px and the like).
  const fontSizes = () =>
    page.evaluate(() => {
      const px = (element: Element | null) =>
        Math.round(Number.parseFloat(getComputedStyle(element ?? document.body).fontSize) * 100) / 100;
      return { root: px(document.documentElement), h1: px(document.querySelector('h1')), body: px(document.body) };
    });
  // A tenth of the width at 375 px; MUI's type keeps its designed sizes (htmlFontSize follows the root).
  expect(await fontSizes()).toEqual({ root: 37.5, h1: 32, body: 16 });
  expect(
    await page.evaluate(() => ({
      platform: localStorage.getItem('platform'),
      isMobile: localStorage.getItem('isMobile'),
      clientWidth: localStorage.getItem('clientWidth'),
    })),
  ).toEqual({ platform: 'pc', isMobile: 'false', clientWidth: '375' });

  // 300 ms after the resize the root font is capped at 540 px / 10, and the type is still the same size.
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect.poll(fontSizes).toEqual({ root: 54, h1: 32, body: 16 });
  await expect.poll(() => page.evaluate(() => localStorage.getItem('clientWidth'))).toBe('1280');
});
