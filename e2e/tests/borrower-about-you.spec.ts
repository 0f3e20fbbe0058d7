import { expect, test } from '../fixtures/test';

test('an applicant answers the early questions one at a time, and a refresh keeps them', async ({
  page,
  checkScreen,
}) => {
  // Eleven screens, each checked with axe and screenshotted at every viewport: more than the default 30 s.
  test.setTimeout(150_000);
  const continueButton = page.getByRole('button', { name: 'Continue' });
  const h1 = page.getByRole('heading', { level: 1 });

  await page.goto('/#/amount/amount_default');
  await expect(h1).toHaveText('How much do you want to borrow?');
  await page.getByRole('textbox', { name: 'Amount' }).fill('7,500');
  await page.getByRole('combobox', { name: 'How long do you want to borrow it for?' }).selectOption({ label: '60 months' });
  await checkScreen('borrower-about-you-amount');
  await continueButton.click();

  await expect(page).toHaveURL(/\/#\/amount\/loan_calculation$/);
  await expect(page.locator('dt', { hasText: /^Monthly instalment$/ })).toBeVisible();
  await checkScreen('borrower-about-you-calculation');
  await continueButton.click();

  await expect(page).toHaveURL(/\/#\/amount\/purpose$/);
  await expect(h1).toHaveText('What is the loan for?');
  await continueButton.click();
  await expect(page.getByRole('alert', { name: 'There is a problem' })).toBeFocused();
  await checkScreen('borrower-about-you-purpose-error');
  await page.getByRole('radio', { name: 'Something else' }).check();
  await continueButton.click();

  await expect(page).toHaveURL(/\/#\/amount\/purpose_text$/);
  await page.getByRole('textbox', { name: 'Tell us what the loan is for' }).fill('A new boiler');
  await checkScreen('borrower-about-you-purpose-text');
  await continueButton.click();

  await expect(page).toHaveURL(/\/#\/amount\/name$/);
  await expect(h1).toHaveText('What is your first name?');
  await page.getByRole('textbox', { name: 'First name' }).fill('Sam');
  await checkScreen('borrower-about-you-name');
  await continueButton.click();

  await expect(page).toHaveURL(/\/#\/amount\/last_name$/);
  const lastName = page.getByRole('textbox', { name: 'Last name' });
  await lastName.fill('Lee');
  await checkScreen('borrower-about-you-last-name');
  // A refresh mid-way keeps what was typed here and on the earlier steps.
  await page.reload();
  await expect(lastName).toHaveValue('Lee');
  await page.getByRole('link', { name: 'Back' }).click();
  await expect(page.getByRole('textbox', { name: 'First name' })).toHaveValue('Sam');
  await continueButton.click();
  await expect(lastName).toHaveValue('Lee');
  await continueButton.click();

  await expect(page).toHaveURL(/\/#\/amount\/dob_input$/);
  await page.getByRole('textbox', { name: 'Day' }).fill('7');
  await page.getByRole('textbox', { name: 'Month' }).fill('3');
  await page.getByRole('textbox', { name: 'Year' }).fill('1990');
  await checkScreen('borrower-about-you-dob');
  await continueButton.click();

  await expect(page).toHaveURL(/\/#\/amount\/email$/);
  // A fresh address: the BFF asks the lending core (the sandbox), which knows no customer with it.
  await page.getByRole('textbox', { name: 'Email address' }).fill('sam.lee.about-you@example.com');
  await checkScreen('borrower-about-you-email');
  await continueButton.click();

  await expect(page).toHaveURL(/\/#\/amount\/income$/);
  await page.getByRole('textbox', { name: 'Yearly income before tax' }).fill('32,000');
  await checkScreen('borrower-about-you-income');
  await continueButton.click();

  await expect(page).toHaveURL(/\/#\/amount\/employment$/);
  await page.getByRole('radio', { name: 'Employed full time' }).check();
  await checkScreen('borrower-about-you-employment');
  await continueButton.click();

  // The applicant's address comes next (borrower-eligibility.spec.ts goes on from here to step2).
  await expect(page).toHaveURL(/\/#\/amount\/address$/);
  await expect(h1).toHaveText('What is your address?');

  // Back through the steps, every answer is still there after a refresh.
  await page.reload();
  await page.goto('/#/amount/last_name');
  await expect(lastName).toHaveValue('Lee');
  await page.goto('/#/amount/purpose_text');
  await expect(page.getByRole('textbox', { name: 'Tell us what the loan is for' })).toHaveValue('A new boiler');
});

test('an address that already has an account goes to the login with the already-registered popup', async ({ page }) => {
  // The answers before the e-mail, as the earlier steps keep them in this browser: the e-mail step may then be shown.
  await page.goto('/#/login/home');
  await page.evaluate(() => {
    localStorage.setItem('quoteChoice', JSON.stringify({ amount: '7,500', term: '60' }));
    localStorage.setItem(
      'applicationDraft',
      JSON.stringify({ purpose: 'car', firstName: 'Alex', lastName: 'Morgan', dobDay: '1', dobMonth: '2', dobYear: '1985' }),
    );
  });
  await page.goto('/#/amount/email');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('What is your email address?');
  await page.getByRole('textbox', { name: 'Email address' }).fill('up-to-date@personas.example');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('dialog', { name: /already a .* customer/ })).toBeVisible();
  await expect(page).toHaveURL(/\/#\/login\/emailLogin$/);
});
