import { readStoredAccessToken } from '@lender/api-client';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Navigate } from 'react-router';
import { z } from 'zod';
import { paths } from '../../lib/paths';
import { QuestionPage } from '../../components/question';
import { WRONG_PIN } from '../../lib/sign-in';
import { PinAnswer, pinAnswer } from '../../components/question-groups/pin';
import { usePinSignIn } from './pin-sign-in';

const schema = z.object({ pin: pinAnswer() });

/**
 * /idverify/pinCode: a signed-in person proves it is still them with their PIN (user/checkPinCode without an
 * e-mail: the session says who). Success starts a new session. Without a session this is the PIN login.
 */
export function IdverifyPinScreen() {
  const [signedIn] = useState(() => readStoredAccessToken() !== null);
  const { finishing, signIn } = usePinSignIn();

  if (!signedIn) return <Navigate replace to={paths.pinLogIn} />;

  return (
    <QuestionPage
      question="Enter your PIN"
      backTo={paths.login.home}
      intro={<Typography sx={{ mb: 3 }}>To keep your account safe, we need to check it is you.</Typography>}
      schema={schema}
      defaultValues={{ pin: '' }}
      serverField="pin"
      serverCodes={[WRONG_PIN]}
      resetAfterFailure={['pin']}
      busy={finishing}
      onSubmit={signIn}
    >
      <PinAnswer name="pin" label="PIN" />
    </QuestionPage>
  );
}
