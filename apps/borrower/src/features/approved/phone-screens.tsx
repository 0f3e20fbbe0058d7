import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { paths } from '../../lib/paths';
import { PhoneAnswer, QuestionPage } from '../../components/question';
import { PhoneCodeQuestion, phoneNumberSchema } from '../../components/question-groups/phone';
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

/** /phoneNumberCode: the 6-digit code texted to the number; a new one can be sent. */
export function PhoneNumberCodeScreen() {
  const continueJourney = useContinueAfterApproval();
  const [sentTo] = useState(() => readDraft().codeSentTo);

  if (sentTo === undefined) return <Navigate replace to={paths.legacy.phoneNumber} />;
  const phoneNumber = sentTo;

  return (
    <PhoneCodeQuestion
      backTo={paths.legacy.phoneNumber}
      phoneNumber={phoneNumber}
      verify={async (code) => {
        await verifyPhone({ phoneNumber, code });
        await continueJourney();
      }}
      sendAgain={() => sendPhoneCode({ phoneNumber })}
    />
  );
}
