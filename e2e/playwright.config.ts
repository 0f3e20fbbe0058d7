import { availableParallelism } from 'node:os';
import { defineConfig } from '@playwright/test';

/**
 * How many journeys run at once: E2E_WORKERS, or one per CPU core. Each worker starts its own sandbox and BFF
 * (the `stack` fixture of fixtures/test.ts), so tests of any file can run side by side: a test never sees
 * another's state.
 */
function workers(): number {
  const configured = process.env.E2E_WORKERS;
  if (configured === undefined || configured === '') return availableParallelism();
  const count = Number(configured);
  if (!Number.isInteger(count) || count < 1) throw new Error(`E2E_WORKERS must be a whole number of workers, not ${configured}`);
  return count;
}

/**
 * The journeys run in Debian's Chromium against real stacks: global-setup.ts starts the Redis they share, and
 * each worker starts its own sandbox and BFF serving both built apps, which is the `baseURL` of its tests.
 * Never downloads a browser.
 */
export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  globalSetup: './global-setup.ts',
  fullyParallel: true,
  workers: workers(),
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: 'list',
  // Limits that catch a hang, not measures of speed (the budgets are `make bench`'s): a journey that takes 10 s
  // here took three to four times as long on a loaded CI machine, so each limit leaves that room.
  timeout: 90_000,
  expect: { timeout: 20_000 },
  use: {
    browserName: 'chromium',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless=new',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
    locale: 'en-GB',
    timezoneId: 'Europe/London',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
});
