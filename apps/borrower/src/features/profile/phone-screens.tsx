import { maskPhone } from '@lender/ui/format';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { changePhone, sendPhoneChangeCode } from '../../api/profile';
import { CodeAnswer, PhoneAnswer, QuestionPage, SendNewCode } from '../../components/question';
import { phoneCodeSchema, phoneNumberSchema } from '../../components/question-groups/phone';
import { paths } from '../../lib/paths';
import { useProfileChange } from './change-store';
import type { Changed } from './profile-page';
import { ChangeScreen } from './profile-page';

/**
 * /edit-phone: the new UK mobile number, to which a 6-digit code is texted (profile/sendPhoneCode). Nothing changes
 * until the code comes back on /verify-phone. Every refusal is said by the number's field (no toast for this call).
 */
export function EditPhoneScreen() {
  const navigate = useNavigate();
  const setChange = useProfileChange((state) => state.set);
  return (
    <ChangeScreen title="What is your new mobile number?">
      <QuestionPage
        question="What is your new mobile number?"
        backTo={paths.profile.personalDetails}
        intro={<Typography sx={{ mb: 3 }}>We will text a code to it to check it is yours.</Typography>}
        schema={phoneNumberSchema}
        defaultValues={{ phoneNumber: '' }}
        serverField="phoneNumber"
        serverCodes="any"
        submitLabel="Send the code"
        onSubmit={async ({ phoneNumber }) => {
          await sendPhoneChangeCode({ phoneNumber });
          setChange({ codeSentTo: phoneNumber });
          await navigate(paths.profile.verifyPhone);
        }}
      >
        <PhoneAnswer name="phoneNumber" label="UK mobile number" hint="For example, 07700 900 982" sx={{ mb: 4, maxWidth: '20em' }} />
      </QuestionPage>
    </ChangeScreen>
  );
}

/**
 * /verify-phone: the 6-digit code texted to the new number (pasteable as sent); once the lending core takes it
 * (profile/changePhone) the number is the borrower's. A wrong code is said by the field with the tries left, as
 * the BFF words it; a new code can be sent. Opened without a number sent to (a reload), it asks for the number.
 */
export function VerifyPhoneScreen() {
  const navigate = useNavigate();
  const sentTo = useProfileChange((state) => state.codeSentTo);
  const forget = useProfileChange((state) => state.forget);
  const [resend, setResend] = useState<'none' | 'sending' | 'sent'>('none');
  // Once changed, the number is forgotten on the way out: that is not a reload.
  const [changedTo, setChangedTo] = useState<string | null>(null);

  const phoneNumber = sentTo ?? changedTo;
  if (phoneNumber === null) return <Navigate replace to={paths.profile.editPhone} />;

  return (
    <ChangeScreen title="Check your phone">
      <QuestionPage
        question="Check your phone"
        backTo={paths.profile.editPhone}
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
        submitLabel="Change my number"
        onSubmit={async ({ code }) => {
          setResend('none');
          await changePhone({ phoneNumber, code });
          setChangedTo(phoneNumber);
          forget('codeSentTo');
          const changed: Changed = 'phone';
          await navigate(paths.profile.personalDetails, { replace: true, state: { changed } });
        }}
        after={
          <SendNewCode
            send={() => sendPhoneChangeCode({ phoneNumber })}
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
    </ChangeScreen>
  );
}
