import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { changePhone, sendPhoneChangeCode } from '../../api/profile';
import { PhoneAnswer, QuestionPage } from '../../components/question';
import { PhoneCodeQuestion, phoneNumberSchema } from '../../components/question-groups/phone';
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
  // Once changed, the number is forgotten on the way out: that is not a reload.
  const [changedTo, setChangedTo] = useState<string | null>(null);

  const phoneNumber = sentTo ?? changedTo;
  if (phoneNumber === null) return <Navigate replace to={paths.profile.editPhone} />;

  return (
    <ChangeScreen title="Check your phone">
      <PhoneCodeQuestion
        backTo={paths.profile.editPhone}
        phoneNumber={phoneNumber}
        submitLabel="Change my number"
        verify={async (code) => {
          await changePhone({ phoneNumber, code });
          setChangedTo(phoneNumber);
          forget('codeSentTo');
          const changed: Changed = 'phone';
          await navigate(paths.profile.personalDetails, { replace: true, state: { changed } });
        }}
        sendAgain={() => sendPhoneChangeCode({ phoneNumber })}
      />
    </ChangeScreen>
  );
}
