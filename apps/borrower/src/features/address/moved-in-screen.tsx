import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { SyntheticEvent } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../lib/paths';
import { DateInput, dateSummaryErrors } from '../../components/date-input';
import { ErrorSummary } from '../../components/error-summary';
import { SignInPage } from '../../components/sign-in-page';
import { historyCovers, keepApplicationAnswers, readApplicationDraft } from '../../lib/application-draft';
import { entryOf, lookupPath } from '../../lib/amount-guard';
import { historyWithMovedIn, movedInProblem } from './moved-in';
import type { MovedInPart, MovedInProblem } from './moved-in';

const TITLE = 'When did you move in to this address?';
const PARTS: readonly MovedInPart[] = ['month', 'year'];

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

  return (
    <SignInPage title={TITLE} backTo={lookupPath(entry)}>
      <ErrorSummary errors={dateSummaryErrors('movedIn', PARTS, problem)} />
      <Typography sx={{ mb: 3, fontWeight: 600 }}>{address.label}</Typography>
      <Box component="form" noValidate onSubmit={submit}>
        <DateInput
          idPrefix="movedIn"
          legend={TITLE}
          hideLegend
          hint="For example, 3 2019"
          parts={PARTS}
          value={date}
          onChange={keep}
          problem={problem}
        />
        <Button type="submit" variant="contained" size="large" fullWidth>
          Continue
        </Button>
      </Box>
    </SignInPage>
  );
}
