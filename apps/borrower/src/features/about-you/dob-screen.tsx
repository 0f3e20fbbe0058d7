import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useState } from 'react';
import type { SyntheticEvent } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../lib/paths';
import { DateInput, dateSummaryErrors } from '../../components/date-input';
import { ErrorSummary } from '../../components/error-summary';
import { SignInPage } from '../../components/sign-in-page';
import { keepApplicationAnswers, readApplicationDraft } from '../../lib/application-draft';
import { dobProblem } from './answers';
import type { DobPart, DobProblem } from './answers';

const TITLE = 'What is your date of birth?';
const PARTS: readonly DobPart[] = ['day', 'month', 'year'];

/** /amount/dob_input: the GOV.UK date input, three fields in one fieldset, checked together on submit. */
export function DobScreen() {
  const navigate = useNavigate();
  const [dob, setDob] = useState(() => {
    const draft = readApplicationDraft();
    return { day: draft.dobDay, month: draft.dobMonth, year: draft.dobYear };
  });
  const [problem, setProblem] = useState<DobProblem | undefined>(undefined);

  function submit(event: SyntheticEvent) {
    event.preventDefault();
    const found = dobProblem(dob.day, dob.month, dob.year, new Date());
    setProblem(found);
    if (found === undefined) void navigate(paths.amount.email);
  }

  return (
    <SignInPage title={TITLE} backTo={paths.amount.lastName}>
      <ErrorSummary errors={dateSummaryErrors('dob', PARTS, problem)} />
      <Box component="form" noValidate onSubmit={submit}>
        <DateInput
          idPrefix="dob"
          legend={TITLE}
          hideLegend
          hint="For example, 27 3 1990"
          parts={PARTS}
          value={dob}
          onChange={(next) => {
            setDob(next);
            keepApplicationAnswers({ dobDay: next.day, dobMonth: next.month, dobYear: next.year });
          }}
          problem={problem}
          birthday
        />
        <Button type="submit" variant="contained" size="large" fullWidth>
          Continue
        </Button>
      </Box>
    </SignInPage>
  );
}
