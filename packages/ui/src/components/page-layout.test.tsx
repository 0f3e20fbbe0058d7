import { ThemeProvider } from '@mui/material/styles';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { harbourCredit, meadowLoans } from '../brands';
import { createBrandTheme } from '../theme';
import type { BrandOverrides } from '../theme';
import { PageLayout } from './page-layout';

function renderInBrand(ui: ReactNode, brand = meadowLoans, overrides: BrandOverrides = {}) {
  render(<ThemeProvider theme={createBrandTheme(brand, overrides)}>{ui}</ThemeProvider>);
}

describe('PageLayout', () => {
  it('has a banner with the brand’s name in its header colours', () => {
    renderInBrand(<PageLayout title="Your loan" />, harbourCredit, { headerColor: '#112233', headerTextColor: '#fefefe' });

    const banner = screen.getByRole('banner');
    expect(banner).toHaveTextContent('Harbour Credit');
    expect(banner).toHaveStyle({ backgroundColor: '#112233', color: '#fefefe' });
  });

  it('names the default brand in the default brand’s theme', () => {
    renderInBrand(<PageLayout title="Your loan" />);

    expect(screen.getByRole('banner')).toHaveTextContent('Meadow Loans');
  });

  it('puts its title as the page’s only h1, and the screen, in the main landmark', () => {
    renderInBrand(
      <PageLayout title="What is the loan for?">
        <h2>Choose one</h2>
        <button type="button">Continue</button>
      </PageLayout>,
    );

    const main = screen.getByRole('main');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(within(main).getByRole('heading', { level: 1, name: 'What is the loan for?' })).toBeInTheDocument();
    expect(within(main).getByRole('button', { name: 'Continue' })).toBeInTheDocument();
    expect(screen.getByRole('banner')).not.toContainElement(screen.getByRole('heading', { level: 1 }));
  });

  it('has no back link unless it is told where back is', () => {
    renderInBrand(<PageLayout title="Your loan" />);

    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  it('puts a back link before the main landmark that goes where it is told', async () => {
    const router = createMemoryRouter(
      [
        { path: '/purpose', element: <PageLayout title="What is the loan for?" /> },
        {
          path: '/rent',
          element: (
            <PageLayout title="Do you rent?" backTo="/purpose">
              <p>Rent</p>
            </PageLayout>
          ),
        },
      ],
      { initialEntries: ['/rent'] },
    );
    renderInBrand(<RouterProvider router={router} />);

    const back = screen.getByRole('link', { name: 'Back' });
    expect(back).toHaveAttribute('href', '/purpose');
    expect(screen.getByRole('main')).not.toContainElement(back);
    expect(back.compareDocumentPosition(screen.getByRole('main')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    await userEvent.click(back);

    expect(await screen.findByRole('heading', { level: 1, name: 'What is the loan for?' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/purpose');
  });

  it('takes the back link’s text it is given', () => {
    const router = createMemoryRouter([{ path: '/', element: <PageLayout title="Sign" backTo="/" backLabel="Back to your loan" /> }]);
    renderInBrand(<RouterProvider router={router} />);

    expect(screen.getByRole('link', { name: 'Back to your loan' })).toBeInTheDocument();
  });
});
