import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { z } from 'zod';
import { communicationSettingsQuery, updateCommunicationSettings } from '../../api/profile';
import type { CommunicationSettings } from '../../api/profile';
import { useServerData } from '../../api/query-client';
import { LoadView } from '../../components/load-state';
import { CheckboxesAnswer, QuestionPage } from '../../components/question';
import { SignInPage } from '../../components/sign-in-page';
import { paths } from '../../lib/paths';
import { SuccessBanner } from './profile-page';

const TITLE = 'Your reminders';

type Channel = 'email' | 'sms';

const schema = z.object({ reminders: z.array(z.enum(['email', 'sms'])) }).transform(({ reminders }) => ({
  emailReminders: reminders.includes('email'),
  smsReminders: reminders.includes('sms'),
}));

function tickedOf(settings: CommunicationSettings): Channel[] {
  return [...(settings.emailReminders ? (['email'] as const) : []), ...(settings.smsReminders ? (['sms'] as const) : [])];
}

/**
 * /settings: the borrower's reminders before each instalment falls due, by e-mail and by text message (GOV.UK
 * checkboxes), as the lending core keeps them (profile/settings), saved with profile/updateSettings and a success
 * message. Staff acting for the borrower may record the borrower's choice.
 */
export function SettingsScreen() {
  const { result, retry } = useServerData(communicationSettingsQuery);
  const [saved, setSaved] = useState<CommunicationSettings | null>(null);
  if (result.state !== 'ready') {
    return (
      <SignInPage title={TITLE} backTo={paths.profile.hub}>
        <LoadView load={result} retry={retry} loadingLabel="Loading your reminders" failedMessage="We could not load your reminders.">
          {() => null}
        </LoadView>
      </SignInPage>
    );
  }
  const settings = saved ?? result.value;
  const days = settings.reminderDaysBefore;
  return (
    <QuestionPage
      question={TITLE}
      backTo={paths.profile.hub}
      intro={
        <>
          {saved === null ? null : (
            <SuccessBanner>
              <Typography>Your reminders are saved.</Typography>
            </SuccessBanner>
          )}
          <Typography sx={{ mb: 3 }}>
            We can remind you {days === 1 ? '1 day' : `${String(days)} days`} before each payment is due.
          </Typography>
        </>
      }
      schema={schema}
      defaultValues={{ reminders: tickedOf(result.value) }}
      submitLabel="Save my reminders"
      onSubmit={async (choice) => {
        setSaved(null);
        setSaved(await updateCommunicationSettings(choice));
      }}
    >
      <CheckboxesAnswer
        name="reminders"
        legend="How should we remind you?"
        hint="Select all that apply. Leave both unselected for no reminders."
        options={[
          { value: 'email', label: 'By email' },
          { value: 'sms', label: 'By text message to your mobile' },
        ]}
      />
    </QuestionPage>
  );
}
