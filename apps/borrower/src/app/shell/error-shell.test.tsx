import { envelopeResponse } from '@lender/api-client/testing';
import type { EnvelopeAnswer } from '@lender/api-client/testing';
import { useToastStore } from '@lender/ui/components/toast';
import { meadowLoans } from '@lender/ui/brands';
import { brandConfigOf, setUpAppTests } from '@lender/ui/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../lib/api';
import { errorEffects, useErrorDialogStore, useNavigationBridge } from '../../lib/api-error-effects';
import { useBrandStore } from '../../lib/brand-store';
import { usePopupStore } from '../../lib/popup-store';
import { loanProduct } from '../../test/loan-product';
import { AppProviders } from '../providers';
import { discoverRoutes } from '../route-groups';
import { routes } from '../routes';
import { errorDialogTitle } from './error-dialog-host';
import { navigationTracker } from './service-check';

const { fetchMock, renderAt } = setUpAppTests({ routes, discoverRoutes, Providers: AppProviders, brandStore: useBrandStore });

/** Answers the app's calls: the given paths as given, everything else with an empty success. */
function answer(byPath: Record<string, EnvelopeAnswer>): void {
  fetchMock.mockImplementation((request) => {
    const path = new URL(request.url).pathname.replace('/api/v2/lender', '');
    if (path === '/eligibility/getRebrandParams') return Promise.resolve(envelopeResponse({ resultData: brandConfigOf(meadowLoans) }));
    if (path === '/application/getServiceDisable') return Promise.resolve(envelopeResponse({ resultData: { disabled: false } }));
    if (path === '/sandbox/info') return Promise.resolve(envelopeResponse({ resultData: { enabled: false } }));
    if (path === '/ledger/loanProduct') return Promise.resolve(envelopeResponse({ resultData: loanProduct }));
    return Promise.resolve(envelopeResponse(byPath[path] ?? {}));
  });
}

/** A call some screen makes that fails as the case says; resolves once the error table has finished. */
async function failingCall(): Promise<void> {
  await act(async () => {
    await api.post('/user/startOverApply').catch(() => undefined);
    await errorEffects.settled();
  });
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  navigationTracker.reset();
  vi.stubGlobal('scrollTo', vi.fn());
});

afterEach(() => {
  usePopupStore.setState(usePopupStore.getInitialState(), true);
  useErrorDialogStore.setState(useErrorDialogStore.getInitialState(), true);
  useNavigationBridge.setState(useNavigationBridge.getInitialState(), true);
  useToastStore.setState(useToastStore.getInitialState(), true);
});

describe('the root shell and spec §8', () => {
  it("takes the person to /error when a call answers 'Internal Server Error'", async () => {
    answer({
      '/user/startOverApply': { status: 500, errorCode: 100500, errorMessage: 'Internal Server Error', httpStatus: 500 },
    });
    const router = renderAt('/login/home');
    await screen.findByRole('heading', { level: 1, name: 'Meadow Loans' });

    await failingCall();

    expect(await screen.findByRole('heading', { level: 1, name: 'Sorry, something went wrong' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/error');
  });

  it('shows another code’s message as a toast, read out as an alert', async () => {
    answer({ '/user/startOverApply': { status: 400, errorCode: 100400, errorMessage: 'Check the details you gave.' } });
    renderAt('/login/home');
    await screen.findByRole('heading', { level: 1, name: 'Meadow Loans' });

    await failingCall();

    const toast = await screen.findByText('Check the details you gave.');
    expect(toast.closest('[role="alert"]')).not.toBeNull();
  });

  it('opens the dialog for a locked PIN over the e-mail login, and Close closes it', async () => {
    answer({ '/user/startOverApply': { status: 423, errorCode: 100603, errorMessage: 'Your PIN is locked after too many tries.' } });
    const router = renderAt('/login/home');
    await screen.findByRole('heading', { level: 1, name: 'Meadow Loans' });

    await failingCall();

    const dialog = await screen.findByRole('dialog', { name: errorDialogTitle(100603) });
    expect(within(dialog).getByText('Your PIN is locked after too many tries.')).toBeInTheDocument();
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/login/emailLogin');
    });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });
  });

  it('goes to login and opens the already-a-user popup for 100613', async () => {
    answer({ '/user/startOverApply': { status: 409, errorCode: 100613, errorMessage: 'You already have an account with us.' } });
    const router = renderAt('/login/home');
    await screen.findByRole('heading', { level: 1, name: 'Meadow Loans' });

    await failingCall();

    expect(await screen.findByRole('dialog', { name: 'You are already a Meadow Loans customer' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login/emailLogin');
  });

  it('goes to /login/redirectLogin for 100638', async () => {
    answer({ '/user/startOverApply': { status: 400, errorCode: 100638, errorMessage: 'Please sign in another way.' } });
    const router = renderAt('/login/home');
    await screen.findByRole('heading', { level: 1, name: 'Meadow Loans' });

    await failingCall();

    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/login/redirectLogin');
    });
  });
});

describe('/error', () => {
  it('has one h1, says the fault is ours, and leads back to the start', async () => {
    answer({});
    const router = renderAt('/error');

    expect(await screen.findByRole('heading', { level: 1, name: 'Sorry, something went wrong' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('main')).toHaveTextContent('There is a problem on our side. It is not something you did.');
    const back = screen.getByRole('link', { name: 'Go back to the start' });
    expect(back).toHaveAttribute('href', '/');

    await userEvent.click(back);

    expect(await screen.findByRole('heading', { level: 1, name: 'Meadow Loans' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login/home');
  });
});
