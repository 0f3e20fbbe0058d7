import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useLocation, useSearchParams } from 'react-router';
import { documentPdfQuery } from '../../api/loan';
import { useServerData } from '../../api/query-client';
import { LoadFailed, LoadView } from '../../components/load-state';
import { LoanScreen } from '../../components/loan-screen';
import { PdfDocument } from '../../components/pdf-document';
import { PdfDownloadLink } from '../../components/pdf-download-link';
import { PDF_VIEW_DOCUMENT, pdfViewBackTo } from '../../lib/loan-account';
import { paths } from '../../lib/paths';

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
