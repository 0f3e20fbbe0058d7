import type { APIRequestContext } from '@playwright/test';
import { customerIdOf } from '../fixtures/journey-steps';
import { personaEmail, signInWithEmailCode } from '../fixtures/mailbox';
import { expect, test } from '../fixtures/test';

/** What the sandbox's telemetry receiver captured (GET /_sandbox/telemetry), as far as this test reads it. */
interface Capture {
  errors: { exception?: { type: string; value: string }; raw: string }[];
  events: { event: string; distinct_id: string; properties: Record<string, unknown> }[];
}

/** What the sandbox's telemetry receiver has captured so far. */
async function captured(request: APIRequestContext, sandboxURL: string): Promise<Capture> {
  const response = await request.get(`${sandboxURL}/_sandbox/telemetry`);
  expect(response.status()).toBe(200);
  return (await response.json()) as Capture;
}

test('an uncaught error in the page reaches the sandbox as an error report and a front_end_error event', async ({
  page,
  request,
  sandboxURL,
  pageErrors,
}) => {
  const capture = () => captured(request, sandboxURL);

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

test('a signed-in applicant is identified in analytics by the decision service\'s applicant id, and by nothing else', async ({
  page,
  request,
  sandboxURL,
}) => {
  const email = personaEmail('regstage-setpassword');
  await signInWithEmailCode(page, request, sandboxURL, email);
  await expect(page).toHaveURL(/#\/approved$/);

  // The id the lending core gives the applicant, read from the sandbox rather than the app.
  const customerId = await customerIdOf(request, sandboxURL, email);
  const applications = (await (await request.get(`${sandboxURL}/lending/v1/applications`, { params: { customerId } })).json()) as {
    applications: { renderApplicantId: string }[];
  };
  const applicantId = applications.applications[0]?.renderApplicantId ?? '';
  expect(applicantId).toMatch(/^ra_[0-9a-f]{16}$/);

  // Spec §3: applicationInfo is kept in local storage, its renderData holding renderApplicantId (the expiring
  // storage keeps each value with its expiry).
  const kept = await page.evaluate(() => localStorage.getItem('applicationInfo'));
  const { value } = JSON.parse(kept ?? '{}') as { value?: string };
  expect(JSON.parse(value ?? 'null')).toEqual({ renderData: { renderApplicantId: applicantId } });

  // Spec §7: the fixed prefix, the environment label (qa off the production host) and the id, through the BFF's
  // analytics tunnel to the sandbox.
  const distinctId = `lender-qa-${applicantId}`;
  const identifies = async () =>
    (await captured(request, sandboxURL)).events.filter((event) => event.event === '$identify' && event.distinct_id === distinctId);
  await expect.poll(async () => (await identifies()).length, { timeout: 20_000 }).toBe(1);
  // The events before sign-in were the same browser's: they join the person.
  const [identify] = await identifies();
  expect(identify?.properties.$anon_distinct_id).toEqual(expect.any(String));
  // No PII: neither the address nor the lending core's customer id goes to analytics.
  const everything = JSON.stringify((await captured(request, sandboxURL)).events);
  expect(everything).not.toContain(email);
  expect(everything).not.toContain(customerId);
});
