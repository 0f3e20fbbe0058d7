import { formatDate } from '@lender/ui/format';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useLocation, useSearchParams } from 'react-router';
import { documentPdfQuery, legalDocumentsQuery } from '../../api/loan';
import { useServerData } from '../../api/query-client';
import { LoadFailed, LoadView } from '../../components/load-state';
import { LoanDataScreen, LoanScreen } from '../../components/loan-screen';
import { PdfDocument } from '../../components/pdf-document';
import { PdfDownloadLink } from '../../components/pdf-download-link';
import { PdfViewLink } from '../../components/pdf-view-link';
import { PDF_VIEW_DOCUMENT, pdfViewBackTo } from '../../lib/loan-account';
import { paths } from '../../lib/paths';

/** The documents signed with the agreement; a later one (a settlement letter …) is dated the day it was made. */
const SIGNED_KINDS: ReadonlySet<string> = new Set(['secci', 'key-facts', 'credit-agreement', 'adequate-explanation']);

/**
 * /legal-documents: the documents kept with the chosen loan (the signed agreement, the pre-contract information,
 * the key facts and explanation, any later agreement, and later documents such as the settlement letter), each of
 * whatever kind the BFF lists, titled by its title, opening its PDF in /pdf-view.
 */
export function LegalDocumentsScreen() {
  return (
    <LoanDataScreen
      title="Your loan documents"
      backTo={paths.loanAccount.manageMyLoan}
      read={legalDocumentsQuery}
      loadingLabel="Loading your documents"
      failedMessage="We could not load your documents."
    >
      {(documents) =>
        documents.length === 0 ? (
          <Typography>There are no documents for this loan yet.</Typography>
        ) : (
          <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {documents.map((document) => (
              <Box component="li" key={document.documentId} sx={{ py: 1.5, borderBottom: 1, borderColor: 'divider' }}>
                <Typography variant="h6" component="p">
                  <PdfViewLink documentId={document.documentId}>{document.title}</PdfViewLink>
                </Typography>
                <Typography sx={{ color: 'text.secondary' }}>
                  {SIGNED_KINDS.has(document.kind) ? 'Signed' : 'Dated'} {formatDate(document.date)}
                </Typography>
              </Box>
            ))}
          </Box>
        )
      }
    </LoanDataScreen>
  );
}

/**
 * /pdf-view?document=<id>: a loan document or statement drawn in the page (pdf.js, fetched only here), with a link
 * to download it. The PDF is fetched through the app's client, so the session token travels in its header, never
 * in a URL; a refusal (not the borrower's, or no such document: the BFF answers both alike; or the service is
 * away for a moment) is said in the page in the BFF's words, with a way to try again.
 * The back link returns to the page that opened it.
 */
export function PdfViewScreen() {
  const [params] = useSearchParams();
  const backTo = pdfViewBackTo(useLocation().state);
  const id = params.get(PDF_VIEW_DOCUMENT) ?? '';
  return (
    <LoanScreen title="Your document" backTo={backTo} namesLoan={false}>
      {() => (id === '' ? <NoDocument /> : <PdfView key={id} id={id} />)}
    </LoanScreen>
  );
}

function NoDocument() {
  return (
    <Typography>
      No document was chosen.{' '}
      <Link component={RouterLink} to={paths.loanAccount.legalDocuments}>
        Choose one of your loan documents
      </Link>
      .
    </Typography>
  );
}

function PdfView({ id }: { id: string }) {
  const { result, retry } = useServerData(documentPdfQuery(id));
  return (
    <LoadView load={result} retry={retry} loadingLabel="Loading your document" failedMessage="We could not load your document.">
      {(answer) =>
        'refused' in answer ? (
          // The BFF's words: a document that is not there (or not theirs), or a service that will be back.
          <LoadFailed message={answer.refused} onRetry={retry} />
        ) : (
          <>
            <PdfDownloadLink pdf={answer.pdf} fileName={answer.fileName} label="Download this document" />
            <PdfDocument
              pdf={answer.pdf}
              loadingLabel="Showing your document"
              failedMessage="We could not show this document on this page. Download it to read it."
            />
          </>
        )
      }
    </LoadView>
  );
}
