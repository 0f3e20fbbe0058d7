import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { SyntheticEvent } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../app/paths';
import { ErrorSummary } from '../../components/error-summary';
import type { FieldError } from '../../components/error-summary';
import { SignInPage } from '../../components/sign-in-page';
import { historyCovers, keepApplicationAnswers, readApplicationDraft } from '../../lib/application-draft';
import { entryOf, lookupPath } from '../../lib/amount-guard';
import { historyWithMovedIn, movedInProblem } from './moved-in';
import type { MovedInPart, MovedInProblem } from './moved-in';
import { visuallyHidden } from '../../components/visually-hidden';

const TITLE = 'When did you move in to this address?';
const PARTS: readonly { part: MovedInPart; label: string; width: string }[] = [
  { part: 'month', label: 'Month', width: '5em' },
  { part: 'year', label: 'Year', width: '7em' },
];

/**
 * /amount/moved_in?entry=n: the month and year the applicant moved in to an address of the history (the GOV.UK
 * date input without a day). Then: the history when it reaches back 3 years, else why we ask (years3) after the
 * current address, or the next earlier address.
 */
export function MovedInScreen() {
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const entry = entryOf(search);
  const [draft] = useState(readApplicationDraft);
  const address = draft.addresses[entry];
  const [date, setDate] = useState({ month: address?.movedInMonth ?? '', year: address?.movedInYear ?? '' });
  const [problem, setProblem] = useState<MovedInProblem | undefined>(undefined);

  if (address === undefined) return <Navigate replace to={lookupPath(entry)} />;

  function keep(next: { month: string; year: string }) {
    setDate(next);
    const addresses = [...readApplicationDraft().addresses];
    const kept = addresses[entry];
    if (kept === undefined) return;
    addresses[entry] = { ...kept, movedInMonth: next.month, movedInYear: next.year };
    keepApplicationAnswers({ addresses });
  }

  function submit(event: SyntheticEvent) {
    event.preventDefault();
    const today = new Date();
    const addresses = readApplicationDraft().addresses;
    const found = movedInProblem(date.month, date.year, entry, addresses, today);
    setProblem(found);
    if (found !== undefined) return;
    const history = historyWithMovedIn(addresses, entry, date.month, date.year, today);
    keepApplicationAnswers({ addresses: history });
    if (historyCovers(history, today)) void navigate(paths.amount.addressHistory);
    else if (entry === 0) void navigate(paths.amount.years3);
    else void navigate(lookupPath(entry + 1));
  }

  const errors: FieldError[] =
    problem === undefined ? [] : [{ fieldId: `movedIn-${problem.parts[0] ?? 'month'}`, message: problem.message }];
  const describedBy = problem === undefined ? 'movedIn-hint' : 'movedIn-hint movedIn-error';

  return (
    <SignInPage title={TITLE} backTo={lookupPath(entry)}>
      <ErrorSummary errors={errors} />
      <Typography sx={{ mb: 3, fontWeight: 600 }}>{address.label}</Typography>
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
          <FormHelperText id="movedIn-hint" error={false} sx={{ typography: 'body2', mx: 0, mb: 1 }}>
            For example, 3 2019
          </FormHelperText>
          {problem === undefined ? null : (
            <FormHelperText id="movedIn-error" sx={{ typography: 'body2', mx: 0, mb: 1 }}>
              {problem.message}
            </FormHelperText>
          )}
          <Box sx={{ display: 'flex', gap: 2 }}>
            {PARTS.map(({ part, label, width }) => {
              const invalid = problem?.parts.includes(part) ?? false;
              return (
                <TextField
                  key={part}
                  id={`movedIn-${part}`}
                  name={`movedIn-${part}`}
                  label={label}
                  value={date[part]}
                  error={invalid}
                  onChange={(event) => {
                    keep({ ...date, [part]: event.target.value });
                  }}
                  sx={{ width }}
                  slotProps={{
                    htmlInput: { inputMode: 'numeric', autoComplete: 'off', spellCheck: false, 'aria-invalid': invalid },
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
