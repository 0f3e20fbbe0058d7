import { expect, test } from '../fixtures/test';

const TITLE = 'Planned maintenance';
const BODY =
  '<p>We are upgrading our systems and will be back by <strong>6pm</strong>.</p>' +
  '<script>window.__xss=1</script><img src=x onerror="window.__xss=2">';

test.describe('while the service is switched off with bffctl', () => {
  test.beforeEach(async ({ bffctl }) => {
    const { stdout } = await bffctl(['service', 'disable', '--title', TITLE, '--body', BODY]);
    expect(stdout).toContain('Service: DISABLED');
  });

  test.afterEach(async ({ bffctl }) => {
    await bffctl(['service', 'enable']);
  });

  test('home still opens; any other navigation is blocked behind the overlay, whose Okay returns to /', async ({
    page,
    checkScreen,
  }) => {
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });

    await page.goto('/');
    await expect(page).toHaveURL(/\/#\/login\/home$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Meadow Loans');
    await expect(page.getByRole('alertdialog')).toHaveCount(0);

    await page.getByRole('link', { name: 'Log in with e-mail' }).click();

    const overlay = page.getByRole('alertdialog', { name: TITLE });
    await expect(overlay).toBeVisible();
    await expect(overlay).toContainText('We are upgrading our systems and will be back by 6pm.');
    await expect(overlay.locator('strong')).toHaveText('6pm');
    await expect(overlay.locator('script, img')).toHaveCount(0);
    // The navigation was blocked: the app stayed where it was.
    await expect(page).toHaveURL(/\/#\/login\/home$/);
    expect(await page.evaluate(() => (window as { __xss?: unknown }).__xss)).toBeUndefined();

    await checkScreen('borrower-service-unavailable');

    await overlay.getByRole('button', { name: 'Okay' }).click();
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
    await expect(page).toHaveURL(/\/#\/login\/home$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Meadow Loans');
    expect(await page.evaluate(() => (window as { __xss?: unknown }).__xss)).toBeUndefined();
    expect(dialogs).toEqual([]);
  });

  test('opening a deep link lands on home behind the overlay, and the service coming back lets people through', async ({
    page,
    bffctl,
  }) => {
    await page.goto('/#/amount/amount_default');

    const overlay = page.getByRole('alertdialog', { name: TITLE });
    await expect(overlay).toBeVisible();
    await expect(page).toHaveURL(/\/#\/login\/home$/);
    await overlay.getByRole('button', { name: 'Okay' }).click();
    await expect(page.getByRole('alertdialog')).toHaveCount(0);

    await bffctl(['service', 'enable']);
    await page.getByRole('link', { name: 'Log in with e-mail' }).click();

    await expect(page).toHaveURL(/\/#\/login\/emailLogin$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Log in with your e-mail');
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
  });
});
