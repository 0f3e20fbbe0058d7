import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useNavigate } from 'react-router';
import { z } from 'zod';
import { paths } from '../../lib/paths';
import { sendSignInCode } from '../../api/auth';
import { checkedText, PhoneAnswer, QuestionPage } from '../../components/question';
import { normaliseUkMobile, rememberPendingAddress } from '../../lib/sign-in';

function phoneError(value: string): string | undefined {
  if (value.trim() === '') return 'Enter your mobile phone number';
  if (normaliseUkMobile(value) === undefined) return 'Enter a UK mobile number, like 07700 900 982';
  return undefined;
}

/** The number as it is sent: without its spaces, dashes and brackets. */
const schema = z.object({ phone: checkedText(phoneError).transform((phone) => normaliseUkMobile(phone) ?? phone) });

/** /login/phoneLogin: one question, the UK mobile number; a 6-digit code is sent by SMS (account/sendEmailVerify). */
export function PhoneLoginScreen() {
  const navigate = useNavigate();
  return (
    <QuestionPage
      question="Log in with your phone"
      backTo={paths.login.home}
      schema={schema}
      defaultValues={{ phone: '' }}
      intro={<Typography sx={{ mb: 3 }}>We will send a 6-digit code to your mobile phone by text message.</Typography>}
      submitLabel="Text me a code"
      onSubmit={async ({ phone }) => {
        await sendSignInCode({ param: phone, type: 'PHONE' });
        rememberPendingAddress({ type: 'PHONE', param: phone });
        await navigate(paths.login.phoneCode);
      }}
      after={
        <Typography sx={{ mt: 4 }}>
          <Link component={RouterLink} to={paths.login.emailLogin}>
            Log in with your e-mail instead
          </Link>
        </Typography>
      }
    >
      <PhoneAnswer name="phone" label="UK mobile number" hint="For example, 07700 900 982" />
    </QuestionPage>
  );
}
