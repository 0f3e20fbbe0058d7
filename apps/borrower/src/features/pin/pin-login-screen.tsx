import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { z } from 'zod';
import { paths } from '../../lib/paths';
import { emailAddress, QuestionPage, TextAnswer } from '../../components/question';
import { WRONG_PIN } from '../../lib/sign-in';
import { PinAnswer, pinAnswer } from '../../components/question-groups/pin';
import { usePinSignIn } from './pin-sign-in';

const schema = z.object({
  email: emailAddress('Enter your email address'),
  pin: pinAnswer(),
});

/**
 * /pin_log_in: e-mail address and PIN (user/checkPinCode). A wrong PIN (100615) is said inline with the
 * server's message; a locked PIN (100603) and a customer without one (100638) are the shared error table's.
 */
export function PinLoginScreen() {
  const { finishing, signIn } = usePinSignIn();
  return (
    <QuestionPage
      question="Log in with your PIN"
      backTo={paths.login.home}
      schema={schema}
      defaultValues={{ email: '', pin: '' }}
      serverField="pin"
      serverCodes={[WRONG_PIN]}
      resetAfterFailure={['pin']}
      busy={finishing}
      submitLabel="Log in"
      onSubmit={signIn}
      after={
        <Typography sx={{ mt: 4 }}>
          Forgotten your PIN?{' '}
          <Link component={RouterLink} to={paths.login.emailLogin}>
            Log in with your e-mail instead
          </Link>
        </Typography>
      }
    >
      <TextAnswer
        name="email"
        label="E-mail address"
        type="email"
        input={{ autoComplete: 'email', inputMode: 'email', spellCheck: false }}
      />
      <PinAnswer name="pin" label="PIN" hint="The 4 to 6 digits you chose" />
    </QuestionPage>
  );
}
