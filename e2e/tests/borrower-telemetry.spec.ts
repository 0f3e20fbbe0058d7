import { expect, test } from '../fixtures/test';

/** What the sandbox's telemetry receiver captured (GET /_sandbox/telemetry), as far as this test reads it. */
interface Capture {
  errors: { exception?: { type: string; value: string }; raw: string }[];
  events: { event: string; distinct_id: string; properties: Record<string, unknown> }[];
}

test('an uncaught error in the page reaches the sandbox as an error report and a front_end_error event', async ({
  page,
  request,
  sandboxURL,
  pageErrors,
}) => {
  const capture = async (): Promise<Capture> => {
    const response = await request.get(`${sandboxURL}/_sandbox/telemetry`);
    expect(response.status()).toBe(200);
    return (await response.json()) as Capture;
  };

  await page.goto('/#/login/home?token=not-for-telemetry');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  // Thrown outside React, as a bug in a timer callback would be.
  await page.evaluate(() => {
    setTimeout(() => {
      throw new Error('e2e boom');
    });
  });

  // Through the BFF's analytics tunnel to the sandbox.
  await expect
    .poll(async () => (await capture()).events.filter((event) => event.event === 'front_end_error').length)
    .toBe(1);
  // Through the BFF's error-reporting tunnel to the sandbox.
  await expect
    .poll(async () => (await capture()).errors.filter((report) => report.exception?.value === 'e2e boom').length)
    .toBe(1);

  const { events, errors } = await capture();
  const event = events.find((captured) => captured.event === 'front_end_error');
  expect(event?.properties).toMatchObject({ error: 'e2e boom', pageName: '/login/home', componentName: '', info: '' });
  expect(String(event?.properties.stack)).toContain('e2e boom');
  expect(event?.distinct_id).not.toBe('');
  expect(errors.find((report) => report.exception?.value === 'e2e boom')?.exception?.type).toBe('Error');
  // Neither carries the query of the page's address.
  expect(JSON.stringify({ events, errors })).not.toContain('not-for-telemetry');

  // The error was thrown on purpose: the page reported exactly that one and nothing else.
  expect(pageErrors).toEqual(['uncaught: e2e boom']);
  pageErrors.length = 0;
});
