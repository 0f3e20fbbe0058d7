import { envelopeResponse } from '@lender/api-client/testing';
import { meadowLoans } from '@lender/ui/brands';
import { brandConfigOf, setUpAppTests } from '@lender/ui/testing';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useBrandStore } from '../lib/brand-store';
import { AppProviders } from './providers';
import { routes } from './routes';

const meadow = brandConfigOf(meadowLoans);
const { fetchMock, renderAt } = setUpAppTests({ routes, Providers: AppProviders, brandStore: useBrandStore });

describe('borrower routes', () => {
  it('sends / to /login/home, which names the brand the BFF answered with', async () => {
    fetchMock.mockResolvedValue(envelopeResponse({ resultData: { ...meadow, displayName: 'Meadow Loans (sandbox)' } }));

    const router = renderAt('/');

    expect(await screen.findByRole('heading', { level: 1, name: 'Meadow Loans (sandbox)' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login/home');
    const [request] = fetchMock.mock.calls[0] ?? [];
    expect(request?.url).toMatch(/\/api\/v2\/lender\/eligibility\/getRebrandParams$/);
    expect(request?.headers.get('platform')).toBe('web');
    expect(document.title).toBe('Meadow Loans (sandbox)');
  });

  it('shows progress while the brand is on its way', async () => {
    let answer: (response: Response) => void = () => undefined;
    fetchMock.mockReturnValue(
      new Promise<Response>((resolve) => {
        answer = resolve;
      }),
    );

    renderAt('/login/home');

    expect(await screen.findByRole('progressbar', { name: 'Loading' })).toBeInTheDocument();
    answer(envelopeResponse({ resultData: meadow }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Meadow Loans' })).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('explains a failure and tries again when asked', async () => {
    fetchMock
      .mockResolvedValueOnce(
        envelopeResponse({ status: 500, errorCode: 100500, errorMessage: 'The brand service is unavailable.' }),
      )
      .mockResolvedValueOnce(envelopeResponse({ resultData: meadow }));

    renderAt('/login/home');

    expect(await screen.findByRole('alert')).toHaveTextContent('The brand service is unavailable.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Meadow Loans' })).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('shows the 404 page for a path nobody knows, whose Go back link leads to the start', async () => {
    fetchMock.mockResolvedValue(envelopeResponse({ resultData: meadow }));
    const router = renderAt('/no/such/page');

    expect(await screen.findByRole('heading', { level: 1, name: '404 page not found...' })).toBeInTheDocument();
    const goBack = screen.getByRole('link', { name: 'Go back' });
    expect(goBack).toHaveAttribute('href', '/');

    await userEvent.click(goBack);

    expect(await screen.findByRole('heading', { level: 1, name: 'Meadow Loans' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login/home');
  });
});
