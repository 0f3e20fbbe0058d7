import { readStoredAccessToken } from '@lender/api-client';
import { envelopeResponse } from '@lender/api-client/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { wcagViolations } from '../../test/axe';
import { activeLoan, loanAccountAnswers, loanIdOf } from '../../test/loans';
import { answerCalls, callsTo, failure, setUpSignInTests, signIn } from '../../test/sign-in-support';

const { fetchMock, renderAt } = setUpSignInTests();

const DOCUMENTS = [
  { documentId: 'doc_loan_1_secci', kind: 'secci', title: 'Pre-contract credit information', date: '2026-12-01' },
  { documentId: 'doc_loan_1_agreement', kind: 'credit-agreement', title: 'Your credit agreement', date: '2026-12-02' },
];

/** Four bytes that open like a PDF but are none: pdf.js cannot draw them, the download is still offered. */
function pdfAnswer(fileName: string): Response {
  return new Response(new Uint8Array([0x25, 0x50, 0x44, 0x46]), {
    headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': `attachment; filename="${fileName}"` },
  });
}

const documentsAnswer = (request: Request) =>
  envelopeResponse({ resultData: { loanId: loanIdOf(request), documents: DOCUMENTS } });

describe('/legal-documents', () => {
  it('lists the loan’s documents, each opening its PDF in the page', async () => {
    signIn();
    answerCalls(
      fetchMock,
      loanAccountAnswers([activeLoan()], {
        '/loanAction/legalDocuments': documentsAnswer,
        '/downloadPDF/doc_loan_1_agreement': () => pdfAnswer('credit-agreement-loan_1.pdf'),
      }),
    );
    const router = renderAt('/legal-documents');

    expect(await screen.findByRole('heading', { level: 1, name: 'Your loan documents' })).toBeInTheDocument();
    const list = await within(screen.getByRole('main')).findByRole('list');
    expect(within(list).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Pre-contract credit informationSigned 1st Dec 2026',
      'Your credit agreementSigned 2nd Dec 2026',
    ]);
    expect(callsTo(fetchMock, '/loanAction/legalDocuments')[0]?.url).toContain('loanId=loan_1');
    expect(await wcagViolations()).toEqual([]);

    await userEvent.click(within(list).getByRole('link', { name: 'Your credit agreement' }));
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/pdf-view');
    });
    expect(router.state.location.search).toBe('?document=doc_loan_1_agreement');
    const download = await screen.findByRole('link', { name: 'Download this document (PDF, 1 KB)' });
    expect(download).toHaveAttribute('download', 'credit-agreement-loan_1.pdf');
    expect(download.getAttribute('href')).toMatch(/^blob:/);

    // The PDF came through the app's client: the session token in its header, never in a URL.
    const [request] = callsTo(fetchMock, '/downloadPDF/doc_loan_1_agreement');
    const token = readStoredAccessToken() ?? '';
    expect(token).not.toBe('');
    expect(request?.headers.get('accessToken')).toBe(token);
    expect(request?.url).not.toContain(token);
    expect(router.state.location.search).not.toContain(token);

    expect(
      await screen.findByText('We could not show this document on this page. Download it to read it.'),
    ).toHaveAttribute('role', 'alert');
    await userEvent.click(screen.getByRole('link', { name: 'Back' }));
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/legal-documents');
    });
  });

  it('lists a later document of any kind, as the BFF titles it, dated and opening like the others', async () => {
    signIn();
    const letter = { documentId: 'doc_loan_1_settlement', kind: 'settlement-letter', title: 'Your settlement letter', date: '2027-03-26' };
    answerCalls(
      fetchMock,
      loanAccountAnswers([activeLoan()], {
        '/loanAction/legalDocuments': { resultData: { loanId: 'loan_1', documents: [...DOCUMENTS, letter] } },
        '/downloadPDF/doc_loan_1_settlement': () => pdfAnswer('settlement-letter-loan_1.pdf'),
      }),
    );
    const router = renderAt('/legal-documents');

    expect(await screen.findByRole('heading', { level: 1, name: 'Your loan documents' })).toBeInTheDocument();
    const list = await within(screen.getByRole('main')).findByRole('list');
    expect(within(list).getAllByRole('listitem').map((item) => item.textContent)).toContain('Your settlement letterDated 26th Mar 2027');
    await userEvent.click(within(list).getByRole('link', { name: 'Your settlement letter' }));
    await waitFor(() => {
      expect(router.state.location.search).toBe('?document=doc_loan_1_settlement');
    });
    expect(await screen.findByRole('link', { name: /Download this document/ })).toHaveAttribute('download', 'settlement-letter-loan_1.pdf');
  });

  it('says when the loan has no documents yet', async () => {
    signIn();
    answerCalls(
      fetchMock,
      loanAccountAnswers([activeLoan()], { '/loanAction/legalDocuments': { resultData: { loanId: 'loan_1', documents: [] } } }),
    );
    renderAt('/legal-documents');

    expect(await screen.findByText('There are no documents for this loan yet.')).toBeInTheDocument();
  });
});

describe('/pdf-view', () => {
  it('says in the page why a document cannot be had, as the BFF words it', async () => {
    signIn();
    answerCalls(
      fetchMock,
      loanAccountAnswers([activeLoan()], {
        '/downloadPDF/doc_someone_else': failure(100404, 'That address does not exist.'),
      }),
    );
    renderAt('/pdf-view?document=doc_someone_else');

    await screen.findByRole('button', { name: 'Try again' });
    expect(within(screen.getByRole('main')).getByText('That address does not exist.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Download/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/legal-documents');
  });

  it('offers to try again when the PDF could not be had for now', async () => {
    signIn();
    let available = false;
    const away = { status: 503, errorCode: 100503, errorMessage: 'The service is temporarily unavailable.', httpStatus: 503 };
    answerCalls(
      fetchMock,
      loanAccountAnswers([activeLoan()], {
        '/downloadPDF/stmt_1': () => (available ? pdfAnswer('statement.pdf') : envelopeResponse(away)),
      }),
    );
    renderAt('/pdf-view?document=stmt_1');

    const tryAgain = await screen.findByRole('button', { name: 'Try again' });
    expect(within(screen.getByRole('main')).getByText('The service is temporarily unavailable.')).toBeInTheDocument();
    available = true;
    await userEvent.click(tryAgain);
    expect(await screen.findByRole('link', { name: 'Download this document (PDF, 1 KB)' })).toHaveAttribute(
      'download',
      'statement.pdf',
    );
  });

  it('offers to try again when no answer came', async () => {
    signIn();
    let available = false;
    answerCalls(
      fetchMock,
      loanAccountAnswers([activeLoan()], {
        '/downloadPDF/stmt_1': () => (available ? pdfAnswer('statement.pdf') : Promise.reject(new TypeError('network down'))),
      }),
    );
    renderAt('/pdf-view?document=stmt_1');

    const tryAgain = await screen.findByRole('button', { name: 'Try again' });
    expect(screen.getByText('We could not load your document.')).toBeInTheDocument();
    available = true;
    await userEvent.click(tryAgain);
    expect(await screen.findByRole('link', { name: 'Download this document (PDF, 1 KB)' })).toBeInTheDocument();
  });

  it('asks for a document when none is named', async () => {
    signIn();
    answerCalls(fetchMock, loanAccountAnswers([activeLoan()]));
    renderAt('/pdf-view');

    expect(await screen.findByText(/No document was chosen/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Choose one of your loan documents' })).toHaveAttribute('href', '/legal-documents');
  });
});
