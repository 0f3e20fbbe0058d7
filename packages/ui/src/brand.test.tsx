import { ApiError, NETWORK_FAILURE_MESSAGE } from '@lender/api-client';
import type { BrandConfig } from '@lender/api-client';
import { useTheme } from '@mui/material/styles';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BrandThemeProvider, createBrandStore, useBrand } from './brand';
import type { BrandStore } from './brand';
import { harbourCredit, meadowLoans } from './brands';
import { brandConfigOf } from './testing';

const meadow = brandConfigOf(meadowLoans);
const harbour = brandConfigOf(harbourCredit);

/** A brand request the test answers when it likes. */
function pendingBrand() {
  let answer: (brand: BrandConfig) => void = () => undefined;
  let fail: (error: unknown) => void = () => undefined;
  const promise = new Promise<BrandConfig>((resolve, reject) => {
    answer = resolve;
    fail = reject;
  });
  return { promise, answer, fail };
}

describe('createBrandStore', () => {
  it('starts idle, is loading while the brand is on its way, then holds the brand', async () => {
    const request = pendingBrand();
    const store = createBrandStore(() => request.promise);
    expect(store.getState().state).toEqual({ status: 'idle' });

    const loading = store.getState().load();
    expect(store.getState().state).toEqual({ status: 'loading' });

    request.answer(meadow);
    await loading;
    expect(store.getState().state).toEqual({ status: 'ready', brand: meadow });
  });

  it('asks only once while a request is on its way', async () => {
    const request = pendingBrand();
    const loadBrand = vi.fn(() => request.promise);
    const store = createBrandStore(loadBrand);

    const first = store.getState().load();
    const second = store.getState().load();
    request.answer(harbour);
    await Promise.all([first, second]);

    expect(loadBrand).toHaveBeenCalledTimes(1);
    expect(store.getState().state).toEqual({ status: 'ready', brand: harbour });
  });

  it('keeps the message of a failure the BFF explained', async () => {
    const store = createBrandStore(() =>
      Promise.reject(
        new ApiError({ status: 500, errorCode: 100500, errorMessage: 'The brand service is unavailable.', httpStatus: 200 }),
      ),
    );

    await store.getState().load();

    expect(store.getState().state).toEqual({ status: 'failed', message: 'The brand service is unavailable.' });
  });

  it('says the network failed for any other failure, and loads again when asked', async () => {
    const loadBrand = vi
      .fn<() => Promise<BrandConfig>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(meadow);
    const store = createBrandStore(loadBrand);

    await store.getState().load();
    expect(store.getState().state).toEqual({ status: 'failed', message: NETWORK_FAILURE_MESSAGE });

    await store.getState().load();
    expect(store.getState().state).toEqual({ status: 'ready', brand: meadow });
  });

  it('gives every app its own store', async () => {
    const one = createBrandStore(() => Promise.resolve(meadow));
    const other = createBrandStore(() => Promise.resolve(harbour));

    await one.getState().load();

    expect(one.getState().state.status).toBe('ready');
    expect(other.getState().state.status).toBe('idle');
  });
});

function BrandName({ store }: { store: BrandStore }) {
  const { state, load } = useBrand(store);
  if (state.status === 'ready') return <h1>{state.brand.displayName}</h1>;
  if (state.status === 'failed') {
    return (
      <>
        <p role="alert">{state.message}</p>
        <button type="button" onClick={() => void load()}>
          Try again
        </button>
      </>
    );
  }
  return <p>Loading</p>;
}

describe('useBrand', () => {
  it('loads the brand once when a screen first needs it', async () => {
    const loadBrand = vi.fn(() => Promise.resolve(meadow));
    const store = createBrandStore(loadBrand);

    render(<BrandName store={store} />);

    expect(await screen.findByRole('heading', { level: 1, name: 'Meadow Loans' })).toBeInTheDocument();
    expect(loadBrand).toHaveBeenCalledTimes(1);
  });

  it('does not ask again once the brand is there', async () => {
    const loadBrand = vi.fn(() => Promise.resolve(meadow));
    const store = createBrandStore(loadBrand);
    await store.getState().load();

    render(<BrandName store={store} />);

    expect(screen.getByRole('heading', { level: 1, name: 'Meadow Loans' })).toBeInTheDocument();
    expect(loadBrand).toHaveBeenCalledTimes(1);
  });

  it('gives the screen a way to try again after a failure', async () => {
    const loadBrand = vi
      .fn<() => Promise<BrandConfig>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(harbour);
    const store = createBrandStore(loadBrand);

    render(<BrandName store={store} />);

    expect(await screen.findByRole('alert')).toHaveTextContent(NETWORK_FAILURE_MESSAGE);
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Harbour Credit' })).toBeInTheDocument();
    expect(loadBrand).toHaveBeenCalledTimes(2);
  });
});

function ThemeProbe() {
  const theme = useTheme();
  return (
    <dl>
      <dt>Brand</dt>
      <dd data-testid="brand">{theme.brand.clientName}</dd>
      <dt>Primary</dt>
      <dd data-testid="primary">{theme.palette.primary.main}</dd>
    </dl>
  );
}

function portalTitle(brand: BrandConfig): string {
  return `Portal – ${brand.displayName}`;
}

function renderThemed(store: BrandStore) {
  render(
    <BrandThemeProvider store={store} documentTitle={portalTitle}>
      <ThemeProbe />
    </BrandThemeProvider>,
  );
}

describe('BrandThemeProvider', () => {
  beforeEach(() => {
    document.title = 'Before';
  });

  afterEach(() => {
    document.title = '';
  });

  it('draws the default brand and keeps the page title until the brand is known', () => {
    const store = createBrandStore(() => new Promise<BrandConfig>(() => undefined));

    renderThemed(store);

    expect(screen.getByTestId('brand')).toHaveTextContent('default');
    expect(screen.getByTestId('primary')).toHaveTextContent(meadowLoans.primary);
    expect(document.title).toBe('Before');
  });

  it('themes with the brand the BFF names, its colours, and titles the page after it', async () => {
    const store = createBrandStore(() => Promise.resolve({ ...harbour, primary: '#123456' }));
    renderThemed(store);

    await act(() => store.getState().load());

    expect(screen.getByTestId('brand')).toHaveTextContent('harbour');
    expect(screen.getByTestId('primary')).toHaveTextContent('#123456');
    expect(document.title).toBe('Portal – Harbour Credit');
  });

  it('stays on the default brand when the brand could not be loaded', async () => {
    const store = createBrandStore(() => Promise.reject(new TypeError('Failed to fetch')));
    renderThemed(store);

    await act(() => store.getState().load());

    expect(screen.getByTestId('brand')).toHaveTextContent('default');
    expect(document.title).toBe('Before');
  });
});
