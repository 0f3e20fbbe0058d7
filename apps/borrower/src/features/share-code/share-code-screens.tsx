import { ErrorCodes, isApiError } from '@lender/api-client';
import type { components } from '@lender/api-client';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { z } from 'zod';
import { paths } from '../../lib/paths';
import { checkedText, QuestionPage, TextAnswer } from '../../components/question';
import { SignInPage } from '../../components/sign-in-page';
import { applicationInfoQuery } from '../../api/application';
import { verifyShareCode } from '../../api/approval';
import { fetchServerData } from '../../api/query-client';
import { resumeTarget } from '../../lib/resume-target';
import {
  forgetShareCodeDraft,
  keepShareCodeDraft,
  normaliseShareCode,
  readShareCodeDraft,
  shareCodeError,
} from './share-code-draft';

type ApplicationInfo = components['schemas']['ApplicationInfo'];

/** GOV.UK's services that give a share code (external pages: they open in a new tab). */
const GOV_UK_RIGHT_TO_WORK = 'https://www.gov.uk/prove-right-to-work';
const GOV_UK_IMMIGRATION_STATUS = 'https://www.gov.uk/view-prove-immigration-status';

function ExternalLink({ href, children }: { href: string; children: string }) {
  return (
    <Link href={href} target="_blank" rel="noopener noreferrer">
      {children} (opens in a new tab)
    </Link>
  );
}

/** /idv/share_code: what a share code is and where to get one, before typing it. */
export function ShareCodeScreen() {
  const navigate = useNavigate();
  return (
    <SignInPage title="Prove your identity with a share code" backTo={paths.legacy.identityStart}>
      <Typography sx={{ mb: 2 }}>
        If you have a UK immigration status, such as settled or pre-settled status or a work visa, you can prove your
        identity with a share code from GOV.UK instead of photographing a document.
      </Typography>
      <Typography sx={{ mb: 2 }}>
        A share code is 9 letters and numbers, like W12 345 678. It starts with W if it proves your right to work, R
        for your right to rent, or S for your immigration status. It lasts 90 days.
      </Typography>
      <Typography component="h2" variant="h5" sx={{ mt: 3, mb: 2 }}>
        Get a share code
      </Typography>
      <Box component="ul" sx={{ pl: 3, mb: 3 }}>
        <li>
          <Typography>
            <ExternalLink href={GOV_UK_RIGHT_TO_WORK}>Prove your right to work on GOV.UK</ExternalLink>
          </Typography>
        </li>
        <li>
          <Typography>
            <ExternalLink href={GOV_UK_IMMIGRATION_STATUS}>View and prove your immigration status on GOV.UK</ExternalLink>
          </Typography>
        </li>
      </Box>
      <Typography sx={{ mb: 3 }}>
        We check the code with the Home Office against the date of birth on your application.
      </Typography>
      <Button
        variant="contained"
        size="large"
        fullWidth
        onClick={() => {
          void navigate(paths.legacy.shareCodeSubmit);
        }}
      >
        I have a share code
      </Button>
    </SignInPage>
  );
}

const schema = z.object({ shareCode: checkedText(shareCodeError) });

/**
 * /idv/share_code_submit: the one question, the share code (pasteable; spaces and case do not matter). A code
 * the BFF refused comes back here with its reason, shown by the field (no toast, docs/api-errors.md).
 */
export function ShareCodeSubmitScreen() {
  const navigate = useNavigate();
  const [draft] = useState(readShareCodeDraft);
  return (
    <QuestionPage
      question="Enter your share code"
      backTo={paths.legacy.shareCode}
      schema={schema}
      defaultValues={{ shareCode: draft.code ?? '' }}
      initialErrors={draft.refusal === undefined ? undefined : { shareCode: draft.refusal }}
      onChange={({ shareCode }) => {
        keepShareCodeDraft({ code: shareCode });
      }}
      submitLabel="Check my share code"
      onSubmit={async ({ shareCode }) => {
        keepShareCodeDraft({ code: shareCode });
        await navigate(paths.legacy.postIdvShareCode);
      }}
    >
      <TextAnswer
        name="shareCode"
        label="Share code"
        hint="9 letters and numbers, like W12 345 678. You can paste it from GOV.UK."
        input={{ autoComplete: 'off', spellCheck: false, autoCapitalize: 'characters', maxLength: 64 }}
        sx={{ mb: 4, maxWidth: 320 }}
      />
    </QuestionPage>
  );
}

/**
 * The check of one code, shared by every mount of the checking screen: React may mount it twice, and a second
 * call after a pass would find the identity stage closed.
 */
let checking: { code: string; answer: Promise<ApplicationInfo> } | undefined;

function verify(code: string): Promise<ApplicationInfo> {
  if (checking?.code !== code) {
    const answer = verifyShareCode({ shareCode: code });
    checking = { code, answer };
    answer.catch(() => {
      if (checking?.answer === answer) checking = undefined;
    });
  }
  return checking.answer;
}

/** The reason a code was refused (100400 with the BFF's words); undefined for other failures. */
function refusalOf(error: unknown): string | undefined {
  if (!isApiError(error) || error.kind !== 'envelope' || error.errorCode !== ErrorCodes.badRequest || error.errorMessage === '') {
    return undefined;
  }
  return error.errorMessage;
}

/**
 * /idv/post_idv_sc: the code is being checked with the Home Office (application/render/verifyShareCode). A pass
 * moves on to share_code_complete; a refusal goes back to the code, which says why; any other failure has been
 * told by the shared error table and can be tried again from here.
 */
export function PostIdvShareCodeScreen() {
  const navigate = useNavigate();
  // As typed (kept so the question shows it again), and as sent.
  const [typed] = useState(() => readShareCodeDraft().code ?? '');
  const code = normaliseShareCode(typed);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (code === '') return;
    let current = true;
    verify(code).then(
      () => {
        forgetShareCodeDraft();
        if (current) void navigate(paths.legacy.shareCodeComplete, { replace: true });
      },
      (error: unknown) => {
        if (!current) return;
        const refusal = refusalOf(error);
        if (refusal === undefined) {
          setFailed(true);
          return;
        }
        keepShareCodeDraft({ code: typed, refusal });
        void navigate(paths.legacy.shareCodeSubmit, { replace: true });
      },
    );
    return () => {
      current = false;
    };
  }, [code, typed, attempt, navigate]);

  if (code === '') return <Navigate replace to={paths.legacy.shareCodeSubmit} />;
  return (
    <SignInPage title="Checking your share code" backTo={paths.legacy.shareCodeSubmit}>
      {failed ? (
        <Box sx={{ py: 2 }}>
          <Typography sx={{ mb: 3 }}>We could not check your share code.</Typography>
          <Button
            variant="contained"
            size="large"
            onClick={() => {
              setFailed(false);
              setAttempt((value) => value + 1);
            }}
          >
            Try again
          </Button>
        </Box>
      ) : (
        <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 3 }}>
          <CircularProgress size={32} aria-hidden />
          <Typography>We are checking your share code with the Home Office. This takes a few seconds.</Typography>
        </Box>
      )}
    </SignInPage>
  );
}

/** /idv/share_code_complete: identity is verified; the applicant goes on where their application now stands. */
export function ShareCodeCompleteScreen() {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);

  function next() {
    setBusy(true);
    fetchServerData(applicationInfoQuery).then(
      (info) => {
        void navigate(resumeTarget(info), { replace: true });
      },
      () => {
        setBusy(false);
      },
    );
  }

  return (
    <SignInPage title="Your identity is confirmed">
      <Typography sx={{ mb: 3 }}>
        Thank you. We have checked your share code with the Home Office and confirmed your identity.
      </Typography>
      <Button variant="contained" size="large" fullWidth disabled={busy} onClick={next}>
        Continue
      </Button>
    </SignInPage>
  );
}
