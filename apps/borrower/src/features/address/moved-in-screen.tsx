import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { paths } from '../../lib/paths';
import { dateParts, QuestionPage } from '../../components/question';
import { MOVED_IN_PARTS, MovedInAnswer } from '../../components/question-groups/address-history';
import { historyCovers, keepApplicationAnswers, readApplicationDraft } from '../../lib/application-draft';
import { entryOf, lookupPath } from '../../lib/amount-guard';
import { historyWithMovedIn, movedInProblem } from './moved-in';

const TITLE = 'When did you move in to this address?';

/** The check of the month moved in to the address at `entry`, against the history as kept when it is made. */
function schemaFor(entry: number) {
  return z.object({
    movedIn: dateParts(MOVED_IN_PARTS, ({ month, year }) =>
      movedInProblem(month, year, entry, readApplicationDraft().addresses, new Date()),
    ),
  });
}

/**
 * /amount/moved_in?entry=n: the month and year the applicant moved in to an address of the history (the GOV.UK
 * date input without a day). Then: the history when it reaches back 3 years, else why we ask (years3) after the
 * current address, or the next earlier address.
 */
export function MovedInScreen() {
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const entry = entryOf(search);
  const [address] = useState(() => readApplicationDraft().addresses[entry]);
  const [schema] = useState(() => schemaFor(entry));

  if (address === undefined) return <Navigate replace to={lookupPath(entry)} />;

  function keep({ movedIn }: { movedIn: { month: string; year: string } }) {
    const addresses = [...readApplicationDraft().addresses];
    const kept = addresses[entry];
    if (kept === undefined) return;
    addresses[entry] = { ...kept, movedInMonth: movedIn.month, movedInYear: movedIn.year };
    keepApplicationAnswers({ addresses });
  }

  return (
    <QuestionPage
      question={TITLE}
      backTo={lookupPath(entry)}
      schema={schema}
      defaultValues={{ movedIn: { month: address.movedInMonth, year: address.movedInYear } }}
      onChange={keep}
      intro={<Typography sx={{ mb: 3, fontWeight: 600 }}>{address.label}</Typography>}
      onSubmit={({ movedIn }) => {
        const today = new Date();
        const history = historyWithMovedIn(readApplicationDraft().addresses, entry, movedIn.month, movedIn.year, today);
        keepApplicationAnswers({ addresses: history });
        if (historyCovers(history, today)) return navigate(paths.amount.addressHistory);
        if (entry === 0) return navigate(paths.amount.years3);
        return navigate(lookupPath(entry + 1));
      }}
    >
      <MovedInAnswer name="movedIn" legend={TITLE} hideLegend hint="For example, 3 2019" />
    </QuestionPage>
  );
}
