import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { harbourCredit } from '../brands';
import { brandConfigOf } from '../testing';
import { BrandFooter } from './brand-footer';

const harbour = brandConfigOf(harbourCredit, {
  termsURL: 'https://harbour.test/terms',
  privacyURL: 'https://harbour.test/privacy',
  faqURL: 'https://harbour.test/faq',
  registeredName: 'Harbour Credit Services Ltd',
  companyNumber: 'SC612345',
  fcaFirmReference: '934512',
  registeredAddress: '4 Quay Example Street, Edinburgh EH6 6QQ',
});

describe('BrandFooter', () => {
  it('is the contentinfo landmark with the brand’s links and legal identity', () => {
    const router = createMemoryRouter([{ path: '*', element: <BrandFooter brand={harbour} contactPath="/contact-us" /> }]);
    render(<RouterProvider router={router} />);

    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: 'Terms and conditions' })).toHaveAttribute('href', 'https://harbour.test/terms');
    expect(within(footer).getByRole('link', { name: 'Privacy notice' })).toHaveAttribute('href', 'https://harbour.test/privacy');
    expect(within(footer).getByRole('link', { name: 'Questions and answers' })).toHaveAttribute('href', 'https://harbour.test/faq');
    expect(within(footer).getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', '/contact-us');
    expect(footer).toHaveTextContent(
      'Harbour Credit Services Ltd is authorised and regulated by the Financial Conduct Authority, firm reference number 934512.',
    );
    expect(footer).toHaveTextContent('Registered company number SC612345. Registered office: 4 Quay Example Street, Edinburgh EH6 6QQ.');
  });
});
