// Helpers for tests only: apps import them from their *.test.tsx files, never from app code.
import type { BrandConfig } from '@lender/api-client';
import { render } from '@testing-library/react';
import type { ComponentType, ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { PatchRoutesOnNavigationFunction, RouteObject } from 'react-router';
import { afterEach, beforeEach, vi } from 'vitest';
import type { Mock } from 'vitest';
import type { BrandStore } from './brand';
import type { BrandTokens } from './brands';

/**
 * The brand configuration the BFF would answer for a brand's tokens, with empty links, contact details, page
 * title, icon and legal identity, and the specification's default fee, unless `overrides` says otherwise.
 */
export function brandConfigOf(tokens: BrandTokens, overrides: Partial<BrandConfig> = {}): BrandConfig {
  return {
    clientEnabled: true,
    ...tokens,
    termsURL: '',
    privacyURL: '',
    contactURL: '',
    faqURL: '',
    paymentHelpURL: '',
    aboutURL: '',
    blogURL: '',
    howItWorksURL: '',
    helpDeskURL: '',
    pageTitle: '',
    iconURL: `/brand-assets/${tokens.clientName}/icon.svg`,
    logoURL: `/brand-assets/${tokens.clientName}/logo.svg`,
    whiteLabel: tokens.clientName !== 'default',
    email: '',
    phone: '',
    counterofferEmail: '',
    fee: 12,
    registeredName: '',
    companyNumber: '',
    fcaFirmReference: '',
    registeredAddress: '',
    ...overrides,
  };
}

export interface AppTestOptions {
  /** The app's route table. */
  routes: RouteObject[];
  /** The app's route discovery, as main.tsx gives it to the router. */
  discoverRoutes?: PatchRoutesOnNavigationFunction;
  /** The app's providers, rendered around the router as in main.tsx. */
  Providers: ComponentType<{ children: ReactNode }>;
  /** The app's brand store, put back to idle before each test. */
  brandStore: BrandStore;
}

export interface AppTests {
  /** Stands in for the network in every test: the app's API client calls it with a Request. */
  fetchMock: Mock<(request: Request) => Promise<Response>>;
  /** Renders the app at `path` in a memory router (so tests can read `router.state.location`). */
  renderAt: (path: string) => ReturnType<typeof createMemoryRouter>;
}

/**
 * Sets up an app's route tests: call it once at the top of the test file. Before each test the brand store is
 * idle again and `fetch` is a fresh mock; after each test the real `fetch` is back.
 */
export function setUpAppTests({ routes, discoverRoutes, Providers, brandStore }: AppTestOptions): AppTests {
  const fetchMock = vi.fn<(request: Request) => Promise<Response>>();

  beforeEach(() => {
    brandStore.setState(brandStore.getInitialState(), true);
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  return {
    fetchMock,
    renderAt: (path) => {
      const router = createMemoryRouter(routes, { initialEntries: [path], patchRoutesOnNavigation: discoverRoutes });
      render(<RouterProvider router={router} />, { wrapper: Providers });
      return router;
    },
  };
}
