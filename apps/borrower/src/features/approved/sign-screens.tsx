import { SafeHtml } from '@lender/ui/components/safe-html';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { z } from 'zod';
import { paths } from '../../lib/paths';
import { ChangeMyMindLink } from './change-my-mind-link';
import { checkedText, QuestionPage, TextAnswer } from '../../components/question';
import { PdfDocument } from '../../components/pdf-document';
import { PdfDownloadLink } from '../../components/pdf-download-link';
import { SignInPage } from '../../components/sign-in-page';
import { envelopeMessage } from './call-message';
import { keepDraft, readDraft } from './draft';
import { checkedAgreementQuery, signAgreement, signingPackQuery } from '../../api/approval';
import type { SigningPack } from '../../api/approval';
import { useServerData } from '../../api/query-client';
import { LoadFailed, Loading } from '../../components/load-state';
import { useContinueAfterApproval } from '../../lib/resume-application';

export function signerNameError(value: string): string | undefined {
  if (value.trim() === '') return 'Enter your full name to sign the agreement';
  if (value.trim().length > 140) return 'Your name must be 140 characters or fewer';
  return undefined;
}

/** The documents as sections with their own headings, below the page's h1. */
function Documents({ pack }: { pack: SigningPack }) {
  return (
    <>
      {pack.documents.map((document) => (
        <Box
          component="section"
          key={document.page}
          aria-labelledby={`document-${document.page}`}
          sx={{ mb: 4, pb: 2, borderBottom: 1, borderColor: 'divider', overflowWrap: 'anywhere' }}
        >
          <Typography id={`document-${document.page}`} component="h2" variant="h5" sx={{ mb: 2 }}>
            {document.title}
          </Typography>
          <SafeHtml html={document.html} profile="document" />
        </Box>
      ))}
    </>
  );
}

const TITLE = 'Sign your credit agreement';
const schema = z.object({ signerName: checkedText(signerNameError).transform((name) => name.trim()) });

/**
 * /sign (the signature stage): the adequate explanation, key facts and credit agreement
 * (account/getReplaceContent), then the applicant types their full name to sign (account/signaturePdf with the
 * agreement's SHA-256, so the signature names the agreement shown). A refused signature is said by the field
 * (no toast, spec §8) and the documents are read again, as the agreement may have changed: the name and the
 * message stay while they are, and the agreement can be signed again once they are shown.
 */
export function SignScreen() {
  const continueJourney = useContinueAfterApproval();
  const { result, retry } = useServerData(signingPackQuery);
  const [signerName] = useState(() => readDraft().signerName ?? '');
  const [shown, setShown] = useState(false);
  if (result.state === 'ready' && !shown) setShown(true);

  if (!shown) {
    return (
      <SignInPage title={TITLE}>
        <AgreementLoadState failed={result.state === 'failed'} onRetry={retry} />
      </SignInPage>
    );
  }
  const pack = result.state === 'ready' ? result.value : undefined;

  return (
    <QuestionPage
      question={TITLE}
      intro={
        <>
          <Typography sx={{ mb: 3 }}>
            Read these documents before you sign. You can also{' '}
            <Link component={RouterLink} to={paths.legacy.pdfSign}>
              read the credit agreement as a PDF
            </Link>
            .
          </Typography>
          {pack === undefined ? (
            <AgreementLoadState failed={result.state === 'failed'} onRetry={retry} />
          ) : (
            <Documents pack={pack} />
          )}
        </>
      }
      schema={schema}
      defaultValues={{ signerName }}
      onChange={keepDraft}
      serverField="signerName"
      serverCodes="any"
      // The agreement is signed as shown: not while it is read again.
      busy={pack === undefined}
      submitLabel="Sign the agreement"
      onSubmit={async (body) => {
        if (pack === undefined) return;
        try {
          await signAgreement({ ...body, documentSha256: pack.agreement.sha256 });
        } catch (error) {
          if (envelopeMessage(error) !== undefined) retry();
          throw error;
        }
        await continueJourney();
      }}
      after={<ChangeMyMindLink />}
    >
      <TextAnswer
        name="signerName"
        label="Your full name"
        hint="Typing your name here is your signature. It must match the name on your application."
        input={{ autoComplete: 'name', spellCheck: false }}
        sx={{ mb: 4 }}
      />
    </QuestionPage>
  );
}

function AgreementLoadState({ failed, onRetry }: { failed: boolean; onRetry: () => void }) {
  return failed ? (
    <LoadFailed message="We could not load your agreement." onRetry={onRetry} />
  ) : (
    <Loading label="Loading your agreement" />
  );
}

/**
 * /PdfSign: the credit agreement PDF drawn in the page (pdf.js, fetched only here), and offered as a download.
 * Only bytes that match the agreement's digest are shown, as the signature on /sign names that digest; signing
 * happens on /sign.
 */
export function PdfSignScreen() {
  const { result, retry } = useServerData(checkedAgreementQuery);
  const agreement = result.state === 'ready' && result.value.intact ? result.value : undefined;
  return (
    <SignInPage title="Your credit agreement (PDF)" backTo={paths.legacy.sign}>
      {result.state === 'loading' ? <Loading label="Loading your agreement" /> : null}
      {result.state === 'failed' ? <LoadFailed message="We could not load your agreement." onRetry={retry} /> : null}
      {result.state === 'ready' && !result.value.intact ? (
        <LoadFailed message="Your agreement did not load in full." onRetry={retry} />
      ) : null}
      {agreement !== undefined ? (
        <>
          <PdfDownloadLink pdf={agreement.pdf} fileName="credit-agreement.pdf" label="Download your credit agreement" />
          <PdfDocument
            pdf={agreement.pdf}
            loadingLabel="Showing your agreement"
            failedMessage="We could not show your agreement on this page. Download it to read it."
          />
          <Typography sx={{ mb: 3 }}>
            It is the same agreement as on the signing page.{' '}
            <Link component={RouterLink} to={paths.legacy.sign}>
              Go back to sign it
            </Link>
            .
          </Typography>
        </>
      ) : null}
    </SignInPage>
  );
}
