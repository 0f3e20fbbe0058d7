import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../app/paths';
import { readApplicationDraft } from '../../lib/application-draft';
import { dobText, EMPLOYMENT_STATUSES, incomeText, labelOf, PURPOSES } from './answers';
import { visuallyHidden } from './question-forms';
import { SignInPage } from '../../components/sign-in-page';

interface Row {
  key: string;
  value: string;
  /** Where to change it, and what "Change" is about for a screen reader. */
  to: string;
  about: string;
}

/**
 * /amount/step2: check your answers (the GOV.UK summary list), each with a "Change" link back to its question.
 * The steps after these have no screens yet, so nothing onward is offered here.
 */
export function CheckAnswersScreen() {
  const [draft] = useState(readApplicationDraft);
  const purpose = labelOf(PURPOSES, draft.purpose) ?? '';
  const rows: Row[] = [
    { key: 'Loan purpose', value: purpose, to: paths.amount.purpose, about: 'loan purpose' },
    ...(draft.purpose === 'other'
      ? [{ key: 'What the loan is for', value: draft.purposeText, to: paths.amount.purposeText, about: 'what the loan is for' }]
      : []),
    { key: 'First name', value: draft.firstName, to: paths.amount.name, about: 'first name' },
    { key: 'Last name', value: draft.lastName, to: paths.amount.lastName, about: 'last name' },
    { key: 'Date of birth', value: dobText(draft), to: paths.amount.dobInput, about: 'date of birth' },
    { key: 'Email address', value: draft.email, to: paths.amount.email, about: 'email address' },
    { key: 'Yearly income before tax', value: incomeText(draft.income), to: paths.amount.income, about: 'yearly income' },
    {
      key: 'Employment status',
      value: labelOf(EMPLOYMENT_STATUSES, draft.employment) ?? '',
      to: paths.amount.employment,
      about: 'employment status',
    },
  ];

  return (
    <SignInPage title="Check your answers" backTo={paths.amount.employment}>
      <Box component="dl" sx={{ m: 0 }}>
        {rows.map((row) => (
          <Box
            key={row.key}
            sx={{
              display: 'grid',
              gridTemplateColumns: { xs: '1fr auto', sm: '2fr 3fr auto' },
              columnGap: 2,
              py: 1.5,
              borderBottom: 1,
              borderColor: 'divider',
            }}
          >
            <Typography component="dt" sx={{ fontWeight: 700, gridColumn: { xs: '1 / -1', sm: 'auto' } }}>
              {row.key}
            </Typography>
            <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
              {row.value === '' ? 'Not answered' : row.value}
            </Typography>
            <Typography component="dd" sx={{ m: 0, textAlign: 'right' }}>
              <Link component={RouterLink} to={row.to}>
                Change<Box component="span" sx={visuallyHidden}>{` ${row.about}`}</Box>
              </Link>
            </Typography>
          </Box>
        ))}
      </Box>
    </SignInPage>
  );
}
