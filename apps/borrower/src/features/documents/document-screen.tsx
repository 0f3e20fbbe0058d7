import { SafeHtml } from '@lender/ui/components/safe-html';
import { formatDate } from '@lender/ui/format';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useMatches } from 'react-router';
import { paths } from '../../lib/paths';
import { SignInPage } from '../../components/sign-in-page';
import { DOCUMENT_INTRO, DOCUMENT_PAGES, DOCUMENT_SET, isDocumentRouteHandle, signedIntro } from './document-pages';
import type { DocumentPage, DocumentPageKey, LoanDocumentKind } from './document-pages';
import { agreementPdfQuery, loanDocumentQuery } from '../../api/approval';
import { useServerData } from '../../api/query-client';
import type { Load } from '../../api/query-client';
import { resumeTargetQuery } from '../../lib/resume-application';
import { LoadFailed, Loading, LoadView } from '../../components/load-state';
import { PdfDownloadLink } from '../../components/pdf-download-link';

/** A loaded value, or undefined while it loads or when it failed. */
function readyValue<T>(load: Load<T>): T | undefined {
  return load.state === 'ready' ? load.value : undefined;
}

/** The page's h1 until the document (and its own title) has come. */
const LOADING_TITLES: Readonly<Record<LoanDocumentKind, string>> = {
  'pre-contract-information': 'Pre-contract credit information',
  'about-your-loan': 'Your loan explained',
  'loan-key-facts': 'Your loan: key facts',
  'loan-agreement': 'Your credit agreement',
};

/**
 * Tables and headings of a document, readable at 375 px and in the page's type scale. Text may break anywhere
 * (long e-mail addresses, digests) except in table cells, whose words and amounts stay whole: a smaller type on a
 * phone lets the six columns of the repayment schedule fit.
 */
const DOCUMENT_SX = {
  overflowWrap: 'anywhere',
  '& h2': { typography: 'h5', mt: 4, mb: 2 },
  '& h3, & h4': { typography: 'h6', mt: 3, mb: 1 },
  '& p, & ul, & ol, & dl': { mb: 2 },
  '& table': { width: '100%', borderCollapse: 'collapse', mb: 3, typography: { xs: 'caption', sm: 'body2' } },
  '& th, & td': {
    textAlign: 'left',
    verticalAlign: 'top',
    overflowWrap: 'normal',
    py: 1,
    pr: { xs: 0.5, sm: 1 },
    borderBottom: 1,
    borderColor: 'divider',
  },
} as const;

/** The document page the matched route names (its handle). */
function useDocumentPageKey(): DocumentPageKey {
  const matches = useMatches();
  const handle = matches.map((match) => match.handle).findLast(isDocumentRouteHandle);
  if (handle === undefined) throw new Error('DocumentScreen on a route without a document page');
  return handle.documentPage;
}

/** The credit agreement as a PDF to download, loaded with the page: the one to sign, or the copy signed. */
function AgreementPdf({ signed }: { signed: boolean }) {
  const { result, retry } = useServerData(agreementPdfQuery);
  return (
    <LoadView
      load={result}
      retry={retry}
      loadingLabel="Preparing the PDF of your agreement"
      failedMessage="We could not prepare the PDF of your agreement."
    >
      {(pdf) => (
        <PdfDownloadLink
          pdf={pdf}
          fileName="credit-agreement.pdf"
          label={`Download your ${signed ? 'signed ' : ''}credit agreement`}
        />
      )}
    </LoadView>
  );
}

/** The links to the other documents of the `-2` set. */
function OtherDocuments({ current }: { current: DocumentPageKey }) {
  return (
    <Box component="nav" aria-labelledby="other-documents" sx={{ mt: 4 }}>
      <Typography id="other-documents" component="h2" variant="h5" sx={{ mb: 2 }}>
        Other documents about your loan
      </Typography>
      <Box component="ul" sx={{ pl: 3 }}>
        {DOCUMENT_SET.filter((item) => item.key !== current).map((item) => (
          <li key={item.key}>
            <Link component={RouterLink} to={paths.documents[item.key]}>
              {item.label}
            </Link>
          </li>
        ))}
      </Box>
    </Box>
  );
}

/**
 * Every loan document page of spec §2 (see document-pages.ts for which document each shows and how): one of
 * the signed-in applicant's documents, as the lending core writes it for their application, rendered by the
 * app's one sanitised-HTML component. Before signing the documents are read to sign them, so Back leads to
 * /sign; once signed they are the copies kept from that day (`signedAt`), said so, and Back leads to where the
 * application now resumes (the loan's dashboard once it is paid out).
 */
export function DocumentScreen() {
  const key = useDocumentPageKey();
  // A new page is a new screen: nothing of the previous document's (shown, loading, failed) carries over.
  return <DocumentView key={key} pageKey={key} />;
}

function DocumentView({ pageKey: key }: { pageKey: DocumentPageKey }) {
  const config: DocumentPage = DOCUMENT_PAGES[key];
  const { result, retry } = useServerData(loanDocumentQuery(config.document));
  const document = result.state === 'ready' ? result.value : undefined;
  const current = config.layout !== 'view';
  const signedAt = document?.signedAt;
  const resume = useServerData({ ...resumeTargetQuery, enabled: signedAt !== undefined }).result;
  let backTo: string | undefined;
  if (document !== undefined) backTo = signedAt === undefined ? paths.legacy.sign : readyValue(resume);
  const intro =
    signedAt === undefined ? DOCUMENT_INTRO[config.document] : signedIntro(config.document, formatDate(signedAt.slice(0, 10)));

  return (
    <SignInPage title={document?.title ?? LOADING_TITLES[config.document]} backTo={backTo}>
      {result.state === 'loading' ? <Loading label="Loading your document" /> : null}
      {result.state === 'failed' ? <LoadFailed message="We could not load this document." onRetry={retry} /> : null}
      {document === undefined ? null : (
        <>
          {current ? <Typography sx={{ mb: 3 }}>{intro}</Typography> : null}
          {current && config.document === 'loan-agreement' ? <AgreementPdf signed={signedAt !== undefined} /> : null}
          <SafeHtml html={document.html} profile="document" component="article" sx={DOCUMENT_SX} />
          {config.layout === 'set' ? <OtherDocuments current={key} /> : null}
        </>
      )}
    </SignInPage>
  );
}
