import { screen, waitFor } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { allPages } from '../lib/pages/all-pages';
import { paths, redirects } from '../lib/paths';
import { expiringLocalStorage } from '@lender/api-client/storage';
import { storageKeys } from '../lib/storage-keys';
import { answerCalls, callsTo, setUpSignInTests, signIn } from '../test/sign-in-support';
import { routeGroups } from './route-groups';
import { routes } from './routes';

const { fetchMock, renderAt } = setUpSignInTests();

const children: RouteObject[] = routes[0]?.children ?? [];
/** The routes of every route group, as the router adds them on navigation. */
const groupRoutes: RouteObject[][] = await Promise.all(routeGroups.map((group) => group.load()));

describe('the route table', () => {
  it('has one route for every page and redirect of lib/paths.ts, here or in a route group, and nothing else', () => {
    const routed = [...children, ...groupRoutes.flat()]
      .filter((route) => route.index !== true)
      .map((route) => route.path);
    const declared = [...Object.keys(allPages), ...Object.keys(redirects).filter((path) => path !== paths.root)];
    expect(new Set(routed).size).toBe(routed.length);
    expect([...routed].sort()).toEqual(declared.sort());
  });

  it('gives each route group exactly the paths it says it owns', () => {
    routeGroups.forEach((group, index) => {
      expect(groupRoutes[index]?.map((route) => route.path).sort()).toEqual([...group.paths].sort());
    });
  });

  it('carries each page’s declared title in its handle', () => {
    for (const route of [...children, ...groupRoutes.flat()]) {
      const { path } = route;
      if (path === undefined || !(path in allPages)) continue;
      expect((route.handle as { title?: string }).title, path).toBe(allPages[path as keyof typeof allPages].title);
    }
  });

  it('loads every screen but the first on demand', () => {
    const eager = [...children, ...groupRoutes.flat()].filter(
      (route) => route.lazy === undefined && (route.path ?? '') in allPages,
    );
    expect(eager.map((route) => route.path)).toEqual([paths.login.home]);
  });
});

describe('a page of a route group', () => {
  it('is found when opened directly: signed out, the loan account leads to log in', async () => {
    answerCalls(fetchMock, {});
    const router = renderAt(paths.loanAccount.manageMyLoan);
    await waitFor(() => {
      expect(router.state.location.pathname).toBe(paths.login.emailLogin);
    });
    expect(callsTo(fetchMock, '/loanAction/')).toEqual([]);
  });

  it('is found when linked to from a screen of the entry’s table', async () => {
    answerCalls(fetchMock, {});
    const router = renderAt(paths.login.phoneLogin);
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in with your phone' })).toBeInTheDocument();
    await router.navigate(paths.profile.emailVerify);
    // Signed out, the screen says to log in first, under a heading of its own.
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Log in to confirm your new email address' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(paths.profile.emailVerify);
  });

  it('leaves a path of no group to the page-not-found screen', async () => {
    answerCalls(fetchMock, {});
    const router = renderAt('/no-such-page');
    expect(await screen.findByRole('heading', { level: 1, name: '404 page not found...' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/no-such-page');
  });
});

describe('the document title', () => {
  it('is the page’s title, then the brand', async () => {
    answerCalls(fetchMock, {});
    renderAt(paths.login.phoneLogin);
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in with your phone' })).toBeInTheDocument();
    // The root layout sets the title in an effect after the page has rendered.
    await waitFor(() => {
      expect(document.title).toBe('Log in with your phone – Meadow Loans');
    });
  });
});

describe('/amount/credit_consent', () => {
  it('sends someone with no answers in this tab back to the quote', async () => {
    // The quote's loan product never comes: what counts here is where the guard sent the navigation.
    answerCalls(fetchMock, { '/ledger/loanProduct': () => new Promise<Response>(() => undefined) });
    const router = renderAt(paths.amount.creditConsent);
    await waitFor(() => {
      expect(router.state.location.pathname).toBe(paths.amount.amountDefault);
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'How much do you want to borrow?' })).toBeInTheDocument();
  });

  it('gives a signed-in applicant the resume rules sent here the legacy consent, with no answers in this tab', async () => {
    signIn();
    expiringLocalStorage.setItem(storageKeys.applyId, 'app_1');
    answerCalls(fetchMock, {
      '/accountApplication/creditConcernAgreement': { resultData: { title: 'Pre-contract credit information', html: '<p>Terms</p>' } },
    });
    const router = renderAt(paths.amount.creditConsent);
    // The loading state has the same heading: the information is what shows the legacy consent has loaded.
    expect(await screen.findByRole('heading', { level: 2, name: 'Pre-contract credit information' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Before we check your income' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(paths.amount.creditConsent);
  });
});
