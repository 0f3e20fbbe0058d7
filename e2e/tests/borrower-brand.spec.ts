import { brandConfig, legalIdentity } from '../fixtures/brand';
import { expect, test } from '../fixtures/test';

// Every value the footer and the contact-us screen show is the brand's configuration, as the BFF answers it.
const brands = [
  { label: 'the default brand', start: '/#/login/home', clientName: 'default' },
  { label: 'the white-label brand', start: '/#/harbour/login/emailLogin', clientName: 'harbour' },
];

for (const { label, start, clientName } of brands) {
  test(`the footer and the contact-us screen show ${label}'s legal identity, links and contacts`, async ({
    page,
    request,
    checkScreen,
  }) => {
    // Two screens, each checked by axe at two sizes.
    test.setTimeout(60_000);
    const brand = await brandConfig(request, clientName);
    const value = (key: string) => String(brand[key]);

    await page.goto(start);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const footer = page.getByRole('contentinfo');
    await expect(footer).toContainText(legalIdentity(brand));
    await expect(footer).toContainText(
      `Registered company number ${value('companyNumber')}. Registered office: ${value('registeredAddress')}.`,
    );
    await expect(footer.getByRole('link', { name: 'Terms and conditions' })).toHaveAttribute('href', value('termsURL'));
    await expect(footer.getByRole('link', { name: 'Privacy notice' })).toHaveAttribute('href', value('privacyURL'));
    await expect(footer.getByRole('link', { name: 'Questions and answers' })).toHaveAttribute('href', value('faqURL'));
    await checkScreen(`borrower-footer-${clientName}`);

    await footer.getByRole('link', { name: 'Contact us' }).click();
    await expect(page).toHaveURL(/#\/contact-us$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Contact us');
    const main = page.getByRole('main');
    await expect(main.getByRole('link', { name: value('phone') })).toHaveAttribute(
      'href',
      `tel:${value('phone').replaceAll(' ', '')}`,
    );
    await expect(main.getByRole('link', { name: value('email') })).toHaveAttribute('href', `mailto:${value('email')}`);
    await expect(main.getByRole('link', { name: 'Chat with us on our help desk' })).toHaveAttribute('href', value('helpDeskURL'));
    await expect(main.getByRole('link', { name: `All the ways to contact ${brand.displayName}` })).toHaveAttribute(
      'href',
      value('contactURL'),
    );
    await expect(page.getByRole('contentinfo')).toContainText(value('registeredName'));
    await checkScreen(`borrower-contact-us-${clientName}`);
  });
}
