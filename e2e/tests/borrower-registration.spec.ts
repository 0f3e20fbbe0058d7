import { registerApplicant } from '../fixtures/applicant';
import { confirmationLink, heading } from '../fixtures/journey-steps';
import { signInWithEmailCode } from '../fixtures/mailbox';
import { expect, test } from '../fixtures/test';

// Registration proves the e-mail address before it holds anything (docs/decisions/registration-proves-the-address.md).

test('the owner of an address someone registered with signs in, and starts again without seeing that registration', async ({
  page,
  browser,
  request,
  sandboxURL,
  checkScreen,
}) => {
  // Someone registers with the address in their own browser, and never confirms it.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  const applicant = await registerApplicant(otherPage);

  // The owner signs in with a code mailed to the address: that proves it, and the registration is gone.
  await signInWithEmailCode(page, request, sandboxURL, applicant.email);
  await expect(page).toHaveURL(/#\/amount\/amount_default$/);
  await expect(heading(page)).toHaveText('How much do you want to borrow?');
  const notice = page.getByRole('region', { name: 'Start a new application' });
  await expect(notice).toContainText('kept none of its answers');
  await expect(page.getByText(applicant.firstName)).toHaveCount(0);
  await checkScreen('borrower-registration-start-again');

  // The other browser's session ended with it: its next step, which reads the application, signs it out.
  await otherPage.goto('/#/start2');
  await expect(otherPage).toHaveURL(/#\/login\/emailLogin$/);
  await other.close();
});

test('a confirmation link opened on another device says where to open it, and confirms nothing there', async ({
  page,
  browser,
  request,
  sandboxURL,
  checkScreen,
}) => {
  // The applicant applies on their laptop…
  const laptop = await browser.newContext();
  const laptopPage = await laptop.newPage();
  const applicant = await registerApplicant(laptopPage);
  const link = await confirmationLink(request, sandboxURL, applicant.email);

  // …and opens the e-mail on their phone, where nobody is signed in.
  await page.goto(link);
  await expect(heading(page)).toHaveText('Open this link where you applied');
  await expect(page.getByRole('link', { name: 'Start a new application' })).toBeVisible();
  await checkScreen('borrower-registration-open-where-you-applied');

  // The link still works in the browser that applied.
  await laptopPage.goto('/#/start2');
  await laptopPage.getByRole('link', { name: 'Continue' }).click();
  await laptopPage.getByRole('button', { name: 'Confirm my loan' }).click();
  await expect(heading(laptopPage)).toHaveText('Confirm your e-mail address');
  await laptopPage.goto(link);
  await expect(heading(laptopPage)).toHaveText('What is the loan for?');
  await laptop.close();
});
