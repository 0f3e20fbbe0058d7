import { envelopeResponse } from '@lender/api-client/testing';
import { harbourCredit } from '@lender/ui/brands';
import { brandConfigOf, setUpAppTests } from '@lender/ui/testing';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useBrandStore } from '../lib/brand-store';
import { AppProviders } from './providers';
import { routes } from './routes';

const harbour = brandConfigOf(harbourCredit);
const { fetchMock, renderAt } = setUpAppTests({ routes, Providers: AppProviders, brandStore: useBrandStore });

describe('finance portal routes', () => {
  it('sends / to /login, which shows the portal heading and the brand from the BFF', async () => {
    fetchMock.mockResolvedValue(envelopeResponse({ resultData: harbour }));

    const router = renderAt('/');

    expect(await screen.findByText('Harbour Credit')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Finance portal' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(document.title).toBe('Finance portal – Harbour Credit');
  });

  it('says when the BFF is unavailable and tries again when asked', async () => {
    fetchMock
      .mockResolvedValueOnce(
        envelopeResponse({
          status: 503,
          errorCode: 100503,
          errorMessage: 'The service is unavailable, please try again later.',
          httpStatus: 503,
        }),
      )
      .mockResolvedValueOnce(envelopeResponse({ resultData: harbour }));

    renderAt('/login');

    expect(await screen.findByRole('alert')).toHaveTextContent('The service is unavailable, please try again later.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));

    expect(await screen.findByText('Harbour Credit')).toBeInTheDocument();
  });

  it('shows the 404 page for a path nobody knows, whose Go back link leads to the portal start', async () => {
    fetchMock.mockResolvedValue(envelopeResponse({ resultData: harbour }));
    const router = renderAt('/no/such/page');

    expect(await screen.findByRole('heading', { level: 1, name: '404 page not found...' })).toBeInTheDocument();
    const goBack = screen.getByRole('link', { name: 'Go back' });
    expect(goBack).toHaveAttribute('href', '/');

    await userEvent.click(goBack);

    expect(await screen.findByRole('heading', { level: 1, name: 'Finance portal' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });
});
