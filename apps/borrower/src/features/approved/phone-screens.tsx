import { maskPhone } from '@lender/ui/format';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { paths } from '../../lib/paths';
import { CodeAnswer, PhoneAnswer, QuestionPage, SendNewCode } from '../../components/question';
import { phoneCodeSchema, phoneNumberSchema } from '../../components/question-groups/phone';
import { sendPhoneCode, verifyPhone } from '../../api/approval';
import { keepDraft, readDraft } from './draft';
import { useContinueAfterApproval } from '../../lib/resume-application';

/** /phoneNumber (the setPhone stage): the applicant's UK mobile, to which a code is texted. */
export function PhoneNumberScreen() {
  const navigate = useNavigate();
  const [phoneNumber] = useState(() => readDraft().phoneNumber ?? '');
  return (
    <QuestionPage
      question="What is your mobile number?"
      intro={<Typography sx={{ mb: 3 }}>We will text you a code to check it is yours.</Typography>}
      schema={phoneNumberSchema}
      defaultValues={{ phoneNumber }}
      onChange={keepDraft}
      // No toast for this call (spec §8): the field says what went wrong.
      serverField="phoneNumber"
      serverCodes="any"
      submitLabel="Send the code"
      onSubmit={async (body) => {
        await sendPhoneCode(body);
        keepDraft({ codeSentTo: body.phoneNumber });
        await navigate(paths.legacy.phoneNumberCode);
      }}
    >
      <PhoneAnswer
        name="phoneNumber"
        label="UK mobile number"
        hint="For example, 07700 900 982"
        sx={{ mb: 4, maxWidth: '20em' }}
      />
    </QuestionPage>
  );
}

/** Where sending a new code stands: its status message shows once it is sent, until the code is sent. */
type Resend = 'none' | 'sending' | 'sent';

/** /phoneNumberCode: the 6-digit code texted to the number; a new one can be sent. */
export function PhoneNumberCodeScreen() {
  const continueJourney = useContinueAfterApproval();
  const [sentTo] = useState(() => readDraft().codeSentTo);
  const [resend, setResend] = useState<Resend>('none');

  if (sentTo === undefined) return <Navigate replace to={paths.legacy.phoneNumber} />;
  const phoneNumber = sentTo;

  return (
    <QuestionPage
      question="Check your phone"
      backTo={paths.legacy.phoneNumber}
      intro={
        <>
          <Typography sx={{ mb: 3 }}>We have sent a 6-digit code to {maskPhone(phoneNumber)}.</Typography>
          {resend === 'sent' ? (
            <Typography role="status" sx={{ mb: 3, fontWeight: 700 }}>
              We have sent you a new code.
            </Typography>
          ) : null}
        </>
      }
      schema={phoneCodeSchema}
      defaultValues={{ code: '' }}
      serverField="code"
      serverCodes="any"
      busy={resend === 'sending'}
      onSubmit={async ({ code }) => {
        setResend('none');
        await verifyPhone({ phoneNumber, code });
        await continueJourney();
      }}
      // A new code to the same number; a refusal is said by the code's field.
      after={
        <SendNewCode
          send={() => sendPhoneCode({ phoneNumber })}
          sending={resend === 'sending'}
          onSending={(sending) => {
            setResend(sending ? 'sending' : 'none');
          }}
          onSent={() => {
            setResend('sent');
          }}
          serverCodes="any"
        />
      }
    >
      <CodeAnswer name="code" label="Code" sx={{ mb: 4 }} />
    </QuestionPage>
  );
}
