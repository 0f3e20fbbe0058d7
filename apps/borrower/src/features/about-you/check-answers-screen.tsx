import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { paths } from '../../lib/paths';
import { lookupPath } from '../../lib/amount-guard';
import { HOUSING_STATUSES, movedInText, paysForHousing, readApplicationDraft, readQuoteAnswer } from '../../lib/application-draft';
import { dobText, EMPLOYMENT_STATUSES, incomeText, labelOf } from './answers';
import { visuallyHidden } from '@lender/ui/visually-hidden';
import { SignInPage } from '../../components/sign-in-page';
import { LOAN_PURPOSES } from '../../lib/loan-purposes';

interface Row {
  key: string;
  value: string;
  /** Where to change it, and what "Change" is about for a screen reader. */
  to: string;
  about: string;
}

/** The loan asked for on /amount/amount_default, as rows: the amount in whole pounds and the term in months. */
function loanRows(quote: { amountPence: number; termMonths: number } | undefined): Row[] {
  if (quote === undefined) return [];
  return [
    {
      key: 'Loan amount',
      value: `£${(quote.amountPence / 100).toLocaleString('en-GB')}`,
      to: paths.amount.amountDefault,
      about: 'loan amount',
    },
    { key: 'Loan term', value: `${String(quote.termMonths)} months`, to: paths.amount.amountDefault, about: 'loan term' },
  ];
}

/**
 * /amount/step2: check your answers (the GOV.UK summary list): the loan asked for (from the quote draft), then
 * the applicant's answers, each with a "Change" link back to its question,
 * then on to the consent to the credit search. The guard of the /amount steps lets nobody here with an answer
 * missing, so every row has one.
 */
export function CheckAnswersScreen() {
  const navigate = useNavigate();
  const [draft] = useState(readApplicationDraft);
  const [quote] = useState(readQuoteAnswer);
  const pays = paysForHousing(draft.housingStatus);
  const housingCostPath = pays ? paths.amount.rentPayment : paths.amount.notPayRent;
  const purpose = labelOf(LOAN_PURPOSES, draft.purpose) ?? '';
  const rows: Row[] = [
    ...loanRows(quote),
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
    ...draft.addresses.map((address, entry) => ({
      key: entry === 0 ? 'Current address' : `Previous address ${String(entry)}`,
      value: `${address.label}. Moved in ${movedInText(address)}`,
      to: lookupPath(entry),
      about: entry === 0 ? 'current address' : `previous address ${String(entry)}`,
    })),
    {
      key: 'Housing situation',
      value: labelOf(HOUSING_STATUSES, draft.housingStatus) ?? '',
      to: paths.amount.rentCost,
      about: 'housing situation',
    },
    {
      key: pays ? 'Rent or mortgage each month' : 'Paid towards the household each month',
      value: incomeText(draft.housingCost),
      to: housingCostPath,
      about: pays ? 'rent or mortgage' : 'payment towards the household',
    },
  ];

  return (
    <SignInPage title="Check your answers" backTo={housingCostPath}>
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
              {row.value}
            </Typography>
            <Typography component="dd" sx={{ m: 0, textAlign: 'right' }}>
              <Link component={RouterLink} to={row.to}>
                Change<Box component="span" sx={visuallyHidden}>{` ${row.about}`}</Box>
              </Link>
            </Typography>
          </Box>
        ))}
      </Box>
      <Button
        variant="contained"
        size="large"
        fullWidth
        sx={{ mt: 4 }}
        onClick={() => {
          void navigate(paths.amount.creditConsent);
        }}
      >
        Continue
      </Button>
    </SignInPage>
  );
}
