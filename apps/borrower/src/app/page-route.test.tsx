import { screen, waitFor } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { pages, paths, redirects } from '../lib/paths';
import { expiringLocalStorage } from '@lender/api-client/storage';
import { storageKeys } from '../lib/storage-keys';
import { answerCalls, setUpSignInTests, signIn } from '../test/sign-in-support';
import { routes } from './routes';

const { fetchMock, renderAt } = setUpSignInTests();

const children: RouteObject[] = routes[0]?.children ?? [];

describe('the route table', () => {
  it('has one route for every page and redirect of lib/paths.ts, and nothing else', () => {
    const routed = children.filter((route) => route.index !== true).map((route) => route.path);
    const declared = [...Object.keys(pages), ...Object.keys(redirects).filter((path) => path !== paths.root)];
    expect(new Set(routed).size).toBe(routed.length);
    expect([...routed].sort()).toEqual(declared.sort());
  });

  it('carries each page’s declared title in its handle', () => {
    for (const route of children) {
      const { path } = route;
      if (path === undefined || !(path in pages)) continue;
      expect((route.handle as { title?: string }).title, path).toBe(pages[path as keyof typeof pages].title);
    }
  });

  it('loads every screen but the first on demand', () => {
    const eager = children.filter((route) => route.lazy === undefined && (route.path ?? '') in pages);
    expect(eager.map((route) => route.path)).toEqual([paths.login.home]);
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
