import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Navigate } from 'react-router';
import { z } from 'zod';
import { paths } from '../../lib/paths';
import { sendSignInCode, signInWithCode } from '../../api/auth';
import { checkedText, CodeAnswer, QuestionPage, SendNewCode } from '../../components/question';
import { readPendingAddress, useFinishSignIn, WRONG_CODE } from '../../lib/sign-in';
import type { LoginType } from '../../lib/sign-in';

interface Variant {
  /** Where the person typed the address, and where they go without one. */
  startPath: string;
  where: string;
  hint: string;
}

const VARIANTS: Record<LoginType, Variant> = {
  EMAIL: {
    startPath: paths.login.emailLogin,
    where: 'e-mail',
    hint: 'The code is in the e-mail we sent you. It has 6 digits and works for 10 minutes.',
  },
  PHONE: {
    startPath: paths.login.phoneLogin,
    where: 'text message',
    hint: 'The code is in the text message we sent you. It has 6 digits and works for 10 minutes.',
  },
};

function codeError(code: string): string | undefined {
  if (code === '') return 'Enter the 6-digit code';
  if (!/^\d+$/.test(code)) return 'The code must only include numbers 0 to 9';
  if (code.length !== 6) return 'Enter the 6 digits of the code';
  return undefined;
}

const schema = z.object({ code: checkedText(codeError) });

/** A sign-in moves the page on once it knows where the application resumes: until then, nothing more is sent. */
const untilThePageMovesOn = () => new Promise<never>(() => undefined);

/**
 * /login/emailCode and /login/phoneCode: one field for the 6-digit code (`one-time-code`, so phones offer the
 * code they received, and paste works with spaces). The address it was sent to comes from session storage;
 * without one there is nothing to verify and the person starts again. A wrong code says, inline, how many
 * tries are left (100614); a dead code is the shared 100502 path (login error, back to login).
 */
export function CodeScreen({ type }: { type: LoginType }) {
  const variant = VARIANTS[type];
  const [pending] = useState(() => readPendingAddress(type));
  const finishSignIn = useFinishSignIn();
  const [sending, setSending] = useState(false);
  const [resent, setResent] = useState(false);

  if (pending === null) return <Navigate replace to={variant.startPath} />;
  const address = pending.param;

  return (
    <QuestionPage
      question={`Check your ${variant.where}`}
      backTo={variant.startPath}
      schema={schema}
      defaultValues={{ code: '' }}
      intro={
        <Typography sx={{ mb: 3 }}>
          We have sent a code to <strong>{address}</strong>, if it belongs to an account.
        </Typography>
      }
      serverField="code"
      serverCodes={[WRONG_CODE]}
      busy={sending}
      onSubmit={async ({ code }) => {
        finishSignIn(await signInWithCode({ param: address, code, type }));
        await untilThePageMovesOn();
      }}
      // A new code to the same address; a refusal is the shared error table's to tell.
      after={
        <>
          <Typography role="status" sx={{ mt: 3, fontWeight: 600 }}>
            {resent ? 'We have sent a new code. The old one no longer works.' : ''}
          </Typography>
          <SendNewCode
            send={() => sendSignInCode({ param: address, type })}
            sending={sending}
            onSending={setSending}
            onSent={() => {
              setResent(true);
            }}
            mt={1}
          />
        </>
      }
    >
      <CodeAnswer name="code" label="Code" hint={variant.hint} />
    </QuestionPage>
  );
}

export function EmailCodeScreen() {
  return <CodeScreen type="EMAIL" />;
}

export function PhoneCodeScreen() {
  return <CodeScreen type="PHONE" />;
}
