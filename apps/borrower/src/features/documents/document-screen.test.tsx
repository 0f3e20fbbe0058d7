import { harbourCredit, meadowLoans } from '@lender/ui/brands';
import { brandConfigOf } from '@lender/ui/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { answerCalls, bodyOf, callsTo, setUpSignInTests, signIn } from '../../test/sign-in-support';
import type { Answer } from '../../test/sign-in-support';
import { applicationPendingAt, stagesPendingFrom } from '../../test/application-info';
import { DOCUMENT_PAGES } from './document-pages';

const { fetchMock, renderAt } = setUpSignInTests();

const CONTENT = '/account/getReplaceContent';
const PDF = '/account/generateReviewContract';

/** A document as the BFF answers it: already sanitised there, and sanitised again by the app. */
function documentAnswer(page: string, title: string): Answer {
  return {
    resultData: {
      page,
      title,
      html:
        `<h1>${title}</h1><p>Prepared for Tatum Fox (application app_1).</p><h2>The loan</h2>` +
        '<table><tbody><tr><th scope="row">Amount of credit</th><td>£5,000.00</td></tr></tbody></table>' +
        '<script>window.pwned = 1</script>',
    },
  };
}

function pdfAnswer(): Response {
  return new Response(new Blob(['%PDF-1.7 agreement'], { type: 'application/pdf' }), {
    headers: { 'Content-Type': 'application/pdf', 'X-Document-Sha256': 'a'.repeat(64) },
  });
}

describe('the document pages', () => {
  it('has a page for every document path, each showing one of the BFF’s documents', () => {
    expect(Object.keys(DOCUMENT_PAGES)).toHaveLength(15);
    expect(new Set(Object.values(DOCUMENT_PAGES).map((page) => page.document))).toEqual(
      new Set(['pre-contract-information', 'about-your-loan', 'loan-key-facts', 'loan-agreement']),
    );
  });

  it('shows the key facts under the document’s title, with its table, through the sanitised-HTML component', async () => {
    signIn();
    answerCalls(fetchMock, { [CONTENT]: documentAnswer('loan-key-facts', 'Your loan: key facts') });
    renderAt('/loan-key-facts');

    expect(await screen.findByRole('heading', { level: 1, name: 'Your loan: key facts' })).toBeInTheDocument();
    const article = await screen.findByRole('article');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(within(article).getByRole('row', { name: 'Amount of credit £5,000.00' })).toBeInTheDocument();
    expect(article.innerHTML).not.toMatch(/<script/);
    expect(window).not.toHaveProperty('pwned');
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/sign');
    expect(await bodyOf(fetchMock, CONTENT)).toEqual({ page: 'loan-key-facts' });
    expect(callsTo(fetchMock, PDF)).toHaveLength(0);
  });

  it('shows the SECCI on HtmlViewOne, in the old layout', async () => {
    signIn();
    answerCalls(fetchMock, { [CONTENT]: documentAnswer('pre-contract-information', 'Pre-contract credit information') });
    renderAt('/HtmlViewOne');

    expect(await screen.findByRole('heading', { level: 1, name: 'Pre-contract credit information' })).toBeInTheDocument();
    expect(await bodyOf(fetchMock, CONTENT)).toEqual({ page: 'pre-contract-information' });
    expect(screen.queryByText(/the law says we must give you/)).not.toBeInTheDocument();
  });

  it('offers the agreement’s PDF in the current layout', async () => {
    signIn();
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:agreement', revokeObjectURL: () => undefined }));
    answerCalls(fetchMock, { [CONTENT]: documentAnswer('loan-agreement', 'Fixed-sum loan agreement'), [PDF]: pdfAnswer });
    renderAt('/HtmlViewThree-new');

    const download = await screen.findByRole('link', { name: /^Download your credit agreement \(PDF, 1 KB\)$/ });
    expect(download).toHaveAttribute('href', 'blob:agreement');
    expect(download).toHaveAttribute('download', 'credit-agreement.pdf');
  });

  it('shows the agreement as signed once it is: said so, the signed PDF, and Back to where the loan now is', async () => {
    signIn();
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:signed', revokeObjectURL: () => undefined }));
    const signed = documentAnswer('loan-agreement', 'Fixed-sum loan agreement') as { resultData: Record<string, unknown> };
    signed.resultData.signedAt = '2026-11-26T10:04:00Z';
    const paidOut = applicationPendingAt('additionalOps', {
      status: 'drawn_down',
      approvalStatus: 1,
      preDispersalStatus: 1,
      regStage: stagesPendingFrom(undefined),
    });
    answerCalls(fetchMock, {
      [CONTENT]: signed,
      [PDF]: pdfAnswer,
      '/accountApplication/getApplicationInfo': { resultData: paidOut },
    });
    renderAt('/loan-agreement');

    expect(
      await screen.findByText('This is the credit agreement you signed on 26th Nov 2026, kept as you signed it. Download it and keep a copy.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/before you sign/)).not.toBeInTheDocument();
    expect(await screen.findByRole('link', { name: /^Download your signed credit agreement \(PDF, 1 KB\)$/ })).toHaveAttribute(
      'href',
      'blob:signed',
    );
    expect(await screen.findByRole('link', { name: 'Back' })).toHaveAttribute('href', '/loanDashboard/main');
  });

  it('says the other documents are the ones given with the signed agreement', async () => {
    signIn();
    const facts = documentAnswer('loan-key-facts', 'Your loan: key facts') as { resultData: Record<string, unknown> };
    facts.resultData.signedAt = '2026-11-26T10:04:00Z';
    answerCalls(fetchMock, {
      [CONTENT]: facts,
      '/accountApplication/getApplicationInfo': { resultData: applicationPendingAt('idv', { status: 'approved', approvalStatus: 1 }) },
    });
    renderAt('/loan-key-facts');

    expect(
      await screen.findByText('These are the key facts of your loan as they were when you signed your agreement on 26th Nov 2026.'),
    ).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Back' })).toHaveAttribute('href', '/identity_start');
  });

  it('links the other documents of the second set', async () => {
    signIn();
    answerCalls(fetchMock, {
      [CONTENT]: async (request) => {
        const { page } = (await request.clone().json()) as { page: string };
        const { resultData } = documentAnswer(page, page === 'loan-agreement' ? 'Fixed-sum loan agreement' : 'Your loan explained') as {
          resultData: unknown;
        };
        return new Response(JSON.stringify({ status: 200, errorCode: 0, errorMessage: '', resultData }), {
          headers: { 'Content-Type': 'application/json' },
        });
      },
      [PDF]: pdfAnswer,
    });
    renderAt('/about-your-loan-2');

    const others = await screen.findByRole('navigation', { name: 'Other documents about your loan' });
    expect(within(others).queryByRole('link', { name: 'About your loan' })).not.toBeInTheDocument();
    await userEvent.click(within(others).getByRole('link', { name: 'Your credit agreement' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Fixed-sum loan agreement' })).toBeInTheDocument();
  });

  it.each([
    ['a white-label borrower', harbourCredit, 'harbour'],
    ['a default-brand borrower', meadowLoans, null],
  ])('draws a white-label variant for %s in the brand owning the application', async (_who, owner, flag) => {
    signIn();
    const asked: (string | null)[] = [];
    answerCalls(fetchMock, {
      [CONTENT]: documentAnswer('about-your-loan', 'Your loan explained'),
      // With a session the BFF answers the owner's brand, whatever is named.
      '/eligibility/getRebrandParams': (request) => {
        asked.push(new URL(request.url).searchParams.get('clientName'));
        const resultData = brandConfigOf(owner);
        return new Response(JSON.stringify({ status: 200, errorCode: 0, errorMessage: '', resultData }), {
          headers: { 'Content-Type': 'application/json' },
        });
      },
    });
    renderAt('/about-your-loan-wl');

    expect(await screen.findByRole('heading', { level: 1, name: 'Your loan explained' })).toBeInTheDocument();
    await waitFor(() => {
      expect(document.title).toBe(`Your loan explained – ${owner.displayName}`);
    });
    expect(screen.getByRole('banner')).toHaveTextContent(owner.displayName);
    expect(asked).not.toContain('harbour');
    if (flag === null) expect(localStorage.getItem('whiteLabel')).toBeNull();
    else expect(localStorage.getItem('whiteLabel')).toContain(flag);
  });
});
