import type { components } from '@lender/api-client';

type Income = components['schemas']['Income'];

/** The employment answers of the income step, one list for both journeys (onePage/* and accountApplication/*). */
export const EMPLOYMENT: readonly { value: Income['employmentStatus']; label: string }[] = [
  { value: 'full_time', label: 'Employed full time' },
  { value: 'part_time', label: 'Employed part time' },
  { value: 'self_employed', label: 'Self-employed' },
  { value: 'retired', label: 'Retired' },
  { value: 'student', label: 'Student' },
  { value: 'unemployed', label: 'Not working' },
  { value: 'homemaker', label: 'Looking after the home' },
  { value: 'other', label: 'Other' },
];

/** How often the income is paid, for both journeys. */
export const FREQUENCY: readonly { value: Income['payFrequency']; label: string }[] = [
  { value: 'weekly', label: 'Every week' },
  { value: 'fortnightly', label: 'Every 2 weeks' },
  { value: 'four_weekly', label: 'Every 4 weeks' },
  { value: 'monthly', label: 'Every month' },
  { value: 'irregular', label: 'It varies' },
];

/**
 * The income step's employment for the status answered on /amount/employment (the eligibility check's words,
 * features/about-you), so the income step shows it back rather than asking again; undefined for none.
 */
export function employmentFromEligibility(status: string): Income['employmentStatus'] | undefined {
  const mapped: Record<string, Income['employmentStatus']> = {
    employed_full_time: 'full_time',
    employed_part_time: 'part_time',
    self_employed: 'self_employed',
    retired: 'retired',
    not_working: 'unemployed',
    other: 'other',
  };
  return mapped[status];
}
