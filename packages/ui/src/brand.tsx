import { isApiError, NETWORK_FAILURE_MESSAGE } from '@lender/api-client';
import type { BrandConfig } from '@lender/api-client';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { useEffect, useMemo } from 'react';
import type { ReactNode } from 'react';
import { create, useStore } from 'zustand';
import type { StoreApi, UseBoundStore } from 'zustand';
import { brandTokens, meadowLoans } from './brands';
import { createBrandTheme } from './theme';

/** Where the brand configuration of the BFF (`getRebrandParams`, spec §3) is. */
export type BrandState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'ready'; brand: BrandConfig }
  | { status: 'failed'; message: string };

export interface BrandStoreState {
  state: BrandState;
  /** Asks for the brand configuration; does nothing while a request is already on its way. */
  load: () => Promise<void>;
}

/** An app's brand store: a zustand hook (`useBrandStore(selector)`) that is also the store itself. */
export type BrandStore = UseBoundStore<StoreApi<BrandStoreState>>;

/**
 * Creates an app's brand store. `loadBrand` fetches the brand configuration, typically
 * `() => api.get('/eligibility/getRebrandParams')` with the app's API client. A failure keeps the BFF's
 * message when it sent one, and the network-failure message of spec §8 otherwise.
 */
export function createBrandStore(loadBrand: () => Promise<BrandConfig>): BrandStore {
  return create<BrandStoreState>()((set, get) => ({
    state: { status: 'idle' },
    load: async () => {
      if (get().state.status === 'loading') return;
      set({ state: { status: 'loading' } });
      try {
        const brand = await loadBrand();
        set({ state: { status: 'ready', brand } });
      } catch (error) {
        set({ state: { status: 'failed', message: isApiError(error) ? error.errorMessage : NETWORK_FAILURE_MESSAGE } });
      }
    },
  }));
}

function selectState(store: BrandStoreState): BrandState {
  return store.state;
}

function selectLoad(store: BrandStoreState): BrandStoreState['load'] {
  return store.load;
}

function selectReadyBrand(store: BrandStoreState): BrandConfig | undefined {
  return store.state.status === 'ready' ? store.state.brand : undefined;
}

/**
 * The brand state for a screen that needs the brand: starts loading it when nobody has yet, and gives the
 * `load` to call again after a failure.
 */
export function useBrand(store: BrandStore): { state: BrandState; load: BrandStoreState['load'] } {
  const state = useStore(store, selectState);
  const load = useStore(store, selectLoad);

  useEffect(() => {
    if (state.status === 'idle') void load();
  }, [state.status, load]);

  return { state, load };
}

export interface BrandThemeProviderProps {
  /** The app's brand store (see createBrandStore). */
  store: BrandStore;
  /** The page title once the brand is known. Pass a stable function (module level), not an inline one. */
  documentTitle: (brand: BrandConfig) => string;
  children: ReactNode;
}

/**
 * Themes everything inside with the brand the BFF names, or with the default brand until it has answered
 * (or when it failed), and titles the page after the brand.
 */
export function BrandThemeProvider({ store, documentTitle, children }: BrandThemeProviderProps) {
  const brand = useStore(store, selectReadyBrand);

  const theme = useMemo(
    () =>
      brand
        ? createBrandTheme(
            { ...brandTokens(brand.clientName), displayName: brand.displayName, logoURL: brand.logoURL },
            brand,
          )
        : createBrandTheme(meadowLoans),
    [brand],
  );

  useEffect(() => {
    if (brand) document.title = documentTitle(brand);
  }, [brand, documentTitle]);

  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      {children}
    </ThemeProvider>
  );
}
