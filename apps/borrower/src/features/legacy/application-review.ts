import type { components } from '@lender/api-client';
import { formatPence } from '@lender/ui/format';
import { loanPurposeLabel } from '../../lib/loan-purposes';

type Review = components['schemas']['RegApplicationReview'];
type Housing = components['schemas']['HousingDetails'];
type Income = components['schemas']['Income'];
type FutureIncomeChange = components['schemas']['FutureIncomeChange'];

const HOUSING: Readonly<Record<Housing['housingStatus'], string>> = {
  homeowner_mortgage: 'Homeowner with a mortgage',
  homeowner_outright: 'Homeowner without a mortgage',
  renting_private: 'Renting from a private landlord',
  renting_social: 'Renting from a council or housing association',
  living_with_family: 'Living with family',
  other: 'Something else',
};

const EMPLOYMENT: Readonly<Record<Income['employmentStatus'], string>> = {
  full_time: 'Employed full time',
  part_time: 'Employed part time',
  self_employed: 'Self-employed',
  retired: 'Retired',
  student: 'Student',
  unemployed: 'Not working',
  homemaker: 'Looking after the home',
  other: 'Something else',
};

const OPEN_BANKING: Readonly<Record<string, string>> = {
  none: 'Not connected',
  linked: 'Connected',
  skipped: 'Not connected (you chose to go on without it)',
};

const NOT_GIVEN = 'Not given yet';

function purposeOf(review: Review): string {
  if (review.purpose === '') return NOT_GIVEN;
  if (review.purpose === 'other') return review.purposeText === '' ? 'Something else' : review.purposeText;
  return loanPurposeLabel(review.purpose);
}

function housingOf(housing: Housing | undefined): string {
  if (housing === undefined) return NOT_GIVEN;
  const status = HOUSING[housing.housingStatus];
  return housing.monthlyCostPence > 0 ? `${status}, ${formatPence(housing.monthlyCostPence)} a month` : status;
}

function incomeChangeOf(change: FutureIncomeChange | undefined): string {
  if (change === undefined) return NOT_GIVEN;
  if (!change.expected) return 'No change expected';
  const direction = change.direction === 'decrease' ? 'Going down' : 'Going up';
  return change.newAnnualIncomePence === undefined
    ? direction
    : `${direction}, to ${formatPence(change.newAnnualIncomePence)} a year`;
}

/** The rows of the application as sent (accountApplication/reviewMyRegApplication), in the journey's order. */
export function reviewRows(review: Review): (readonly [string, string])[] {
  const { loan } = review;
  const rows: (readonly [string, string])[] = [
    ['Amount', formatPence(loan.amountPence)],
    ['Over', `${String(loan.termMonths)} months`],
    ['Monthly repayment', formatPence(loan.monthlyInstalmentPence)],
    ['APR', `${loan.aprPercent}%`],
    ['What the loan is for', purposeOf(review)],
    ['Housing', housingOf(review.housing)],
  ];
  review.addresses.forEach((entry, index) => {
    rows.push([index === 0 ? 'Current address' : `Earlier address ${String(index)}`, entry.label]);
  });
  if (review.addresses.length === 0) rows.push(['Current address', NOT_GIVEN]);
  rows.push(
    ['Yearly income before tax', review.income === undefined ? NOT_GIVEN : formatPence(review.income.annualIncomePence)],
    ['Employment', review.income === undefined ? NOT_GIVEN : EMPLOYMENT[review.income.employmentStatus]],
    ['Income in the next 12 months', incomeChangeOf(review.futureIncomeChange)],
    ['Your bank', OPEN_BANKING[review.openBanking] ?? review.openBanking],
  );
  return rows;
}
