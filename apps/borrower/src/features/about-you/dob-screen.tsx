import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import type { SyntheticEvent } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../app/paths';
import { ErrorSummary } from '../../components/error-summary';
import type { FieldError } from '../../components/error-summary';
import { SignInPage } from '../../components/sign-in-page';
import { keepApplicationAnswers, readApplicationDraft } from '../../lib/application-draft';
import { dobProblem } from './answers';
import type { DobPart, DobProblem } from './answers';
import { visuallyHidden } from '../../components/visually-hidden';

const TITLE = 'What is your date of birth?';
const PARTS: readonly { part: DobPart; label: string; key: 'dobDay' | 'dobMonth' | 'dobYear'; width: string }[] = [
  { part: 'day', label: 'Day', key: 'dobDay', width: '5em' },
  { part: 'month', label: 'Month', key: 'dobMonth', width: '5em' },
  { part: 'year', label: 'Year', key: 'dobYear', width: '7em' },
];

/** /amount/dob_input: the GOV.UK date input, three fields in one fieldset, checked together on submit. */
export function DobScreen() {
  const navigate = useNavigate();
  const [dob, setDob] = useState(() => {
    const draft = readApplicationDraft();
    return { dobDay: draft.dobDay, dobMonth: draft.dobMonth, dobYear: draft.dobYear };
  });
  const [problem, setProblem] = useState<DobProblem | undefined>(undefined);

  function submit(event: SyntheticEvent) {
    event.preventDefault();
    const found = dobProblem(dob.dobDay, dob.dobMonth, dob.dobYear, new Date());
    setProblem(found);
    if (found === undefined) void navigate(paths.amount.email);
  }

  const errors: FieldError[] =
    problem === undefined ? [] : [{ fieldId: `dob-${problem.parts[0] ?? 'day'}`, message: problem.message }];
  const describedBy = problem === undefined ? 'dob-hint' : 'dob-hint dob-error';

  return (
    <SignInPage title={TITLE} backTo={paths.amount.lastName}>
      <ErrorSummary errors={errors} />
      <Box component="form" noValidate onSubmit={submit}>
        <FormControl
          component="fieldset"
          error={problem !== undefined}
          aria-describedby={describedBy}
          sx={{ mb: 4, display: 'block' }}
        >
          <FormLabel component="legend" sx={visuallyHidden}>
            {TITLE}
          </FormLabel>
          <FormHelperText id="dob-hint" error={false} sx={{ typography: 'body2', mx: 0, mb: 1 }}>
            For example, 27 3 1990
          </FormHelperText>
          {problem === undefined ? null : (
            <FormHelperText id="dob-error" sx={{ typography: 'body2', mx: 0, mb: 1 }}>
              {problem.message}
            </FormHelperText>
          )}
          <Box sx={{ display: 'flex', gap: 2 }}>
            {PARTS.map(({ part, label, key, width }) => {
              const invalid = problem?.parts.includes(part) ?? false;
              return (
                <TextField
                  key={part}
                  id={`dob-${part}`}
                  name={`dob-${part}`}
                  label={label}
                  value={dob[key]}
                  error={invalid}
                  onChange={(event) => {
                    const next = { ...dob, [key]: event.target.value };
                    setDob(next);
                    keepApplicationAnswers(next);
                  }}
                  sx={{ width }}
                  slotProps={{
                    htmlInput: {
                      inputMode: 'numeric',
                      autoComplete: `bday-${part}`,
                      spellCheck: false,
                      'aria-invalid': invalid,
                    },
                    inputLabel: { shrink: true },
                  }}
                />
              );
            })}
          </Box>
        </FormControl>
        <Button type="submit" variant="contained" size="large" fullWidth>
          Continue
        </Button>
      </Box>
    </SignInPage>
  );
}
