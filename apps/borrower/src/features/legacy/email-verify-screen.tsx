import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { expiringLocalStorage } from '@lender/api-client/storage';
import { useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import { paths } from '../../lib/paths';
import { EmailAddress } from '../../components/email-address';
import { ErrorSummary } from '@lender/ui/components/error-summary';
import type { FieldError } from '@lender/ui/components/error-summary';
import { NoticeBanner } from '../../components/notice-banner';
import { SignInPage } from '../../components/sign-in-page';
import { applicationInfoQuery } from '../../api/application';
import { fetchFreshServerData } from '../../api/query-client';
import { cameFromEmailChange, emailUpdatePath, LINK_HINT, useResendLink } from '../../lib/email-change';
import { useResumeApplication } from '../../lib/resume-application';
import { storageKeys } from '../../lib/storage-keys';

const NOT_CONFIRMED: FieldError = {
  fieldId: 'resend',
  message: 'We have not had your confirmation yet. Open the link in the e-mail we sent you, or send it again.',
};

/**
 * /email_verify_again (the emailConf stage, choice a): the link to confirm the address was sent when the
 * application began; it can be sent again. The link itself leads to /email_verify_soft, which resumes the
 * application. Continue asks the BFF, as the link may have been opened in another tab or on another device.
 * An applicant who mistyped the address can change it (/email_update), which sends a new link and comes back here.
 */
export function EmailVerifyAgainScreen() {
  const resume = useResumeApplication();
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [busy, setBusy] = useState(false);
  const { sending, sent: resent, resend } = useResendLink(() => {
    setErrors([]);
  });
  const email = expiringLocalStorage.getItem(storageKeys.email) ?? '';
  const emailChanged = cameFromEmailChange(useLocation().state);

  function continueOn() {
    setBusy(true);
    fetchFreshServerData(applicationInfoQuery).then(
      (info) => {
        if (info.regStage.emailConf === 1) {
          resume().catch(() => {
            setBusy(false);
          });
          return;
        }
        setBusy(false);
        setErrors([NOT_CONFIRMED]);
      },
      () => {
        setBusy(false);
      },
    );
  }

  return (
    <SignInPage title="Confirm your e-mail address">
      <ErrorSummary errors={errors} />
      {resent ? (
        <NoticeBanner title="E-mail sent">
          <Typography>We have sent you a new link. Links sent before it still work until they expire.</Typography>
        </NoticeBanner>
      ) : emailChanged ? (
        <NoticeBanner title="Email address changed">
          <Typography>
            We have sent a new link to <EmailAddress address={email} />. Links sent to your old address no longer
            work.
          </Typography>
        </NoticeBanner>
      ) : null}
      <Typography sx={{ mb: 2 }}>
        We sent a link to {email === '' ? 'your e-mail address' : <EmailAddress address={email} />}. Open it to
        confirm your e-mail address, then come back here.
      </Typography>
      <Typography sx={{ mb: 2 }}>{LINK_HINT}</Typography>
      <Typography sx={{ mb: 3 }}>
        Is the address wrong?{' '}
        <Link component={RouterLink} to={emailUpdatePath(paths.legacy.emailVerifyAgain)}>
          Change your email address
        </Link>
      </Typography>
      <Button variant="contained" size="large" fullWidth disabled={busy || sending} onClick={continueOn} sx={{ mb: 2 }}>
        Continue
      </Button>
      <Button id="resend" variant="outlined" size="large" fullWidth disabled={busy || sending} onClick={resend}>
        Send the link again
      </Button>
    </SignInPage>
  );
}
