import { expect, test } from '../fixtures/test';
import type { Page } from '@playwright/test';

const IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const DESKTOP_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

/** Makes the screen long, as the long forms the arrow is for are (the 404 page stands in for them today). */
async function makePageLong(page: Page): Promise<void> {
  await page.evaluate(() => {
    const filler = document.createElement('div');
    filler.style.height = '3000px';
    filler.setAttribute('aria-hidden', 'true');
    document.querySelector('main')?.append(filler);
  });
}

function pxLeftBelow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollHeight - (window.scrollY + window.innerHeight));
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 }, userAgent: IPHONE_UA, isMobile: true, hasTouch: true });

  test('the arrow shows on a long page whose path ends in employment, and tapping it scrolls to the bottom', async ({
    page,
    checkScreen,
  }) => {
    await page.goto('/#/x/employment');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('404 page not found...');
    expect(await page.evaluate(() => [localStorage.getItem('platform'), localStorage.getItem('isMobile')])).toEqual([
      'ios',
      'true',
    ]);

    await makePageLong(page);

    const arrow = page.getByRole('button', { name: 'Scroll to the bottom' });
    await expect(arrow).toBeVisible();
    await checkScreen('borrower-scroll-arrow');
    await page.setViewportSize({ width: 375, height: 812 });

    await arrow.tap();

    await expect.poll(() => pxLeftBelow(page)).toBeLessThanOrEqual(1);
    await expect(arrow).toBeHidden();
  });
});

test.describe('on a desktop', () => {
  test.use({ viewport: { width: 1280, height: 800 }, userAgent: DESKTOP_UA });

  test('the arrow never shows, not even loaded, on the same long page', async ({ page }) => {
    const arrowCode: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('scroll-to-bottom-arrow')) arrowCode.push(request.url());
    });

    await page.goto('/#/x/employment');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('404 page not found...');
    expect(await page.evaluate(() => [localStorage.getItem('platform'), localStorage.getItem('isMobile')])).toEqual([
      'pc',
      'false',
    ]);
    await makePageLong(page);
    await page.mouse.wheel(0, 200);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    expect(await pxLeftBelow(page)).toBeGreaterThan(10);

    await expect(page.getByRole('button', { name: 'Scroll to the bottom' })).toHaveCount(0);
    expect(arrowCode).toEqual([]);
  });
});
