// Helpers for the /amount screens' tests only (imported from *.test.tsx files, never from app code): the answers
// an applicant has given before the step under test, kept where the screens keep them (the journey drafts).
import { quoteDraft } from '../lib/drafts/quote-draft';
import { keepApplicationAnswers } from '../lib/application-draft';
import type { ApplicationDraft, DraftAddress } from '../lib/application-draft';

/** An address of the sandbox's gazetteer (LM3 8RD), as the lookup keeps it, without its moving-in date. */
export const ORCHARD_CLOSE: DraftAddress = {
  gazetteerId: 'lm3-8rd-12a',
  flat: '',
  houseName: '',
  houseNumber: '12A',
  street: 'Orchard Close',
  town: 'Lowmere',
  county: 'Wessex',
  postcode: 'LM3 8RD',
  label: '12A Orchard Close, Lowmere, Wessex, LM3 8RD',
  movedInMonth: '',
  movedInYear: '',
};

/** The year `years` before this one, as typed. */
export function yearsAgo(years: number): string {
  return String(new Date().getFullYear() - years);
}

/** The steps in order, each with the answer it gives. */
const STEPS = {
  purpose: { purpose: 'car' },
  name: { firstName: 'Sam' },
  lastName: { lastName: 'Lee' },
  dob: { dobDay: '7', dobMonth: '3', dobYear: '1990' },
  email: { email: 'sam.lee@example.com' },
  income: { income: '32,000' },
  employment: { employment: 'employed_full_time' },
  address: { addresses: [ORCHARD_CLOSE] },
  movedIn: { addresses: [{ ...ORCHARD_CLOSE, movedInMonth: '4', movedInYear: yearsAgo(5) }] },
  rentCost: { housingStatus: 'renting_private' },
  housingCost: { housingCost: '650' },
} satisfies Record<string, Partial<ApplicationDraft>>;

export type AmountStep = keyof typeof STEPS | 'end';

/** Keeps a quote of £7,500 over 60 months, and every answer of the steps before `step` (all for `end`). */
export function answeredBefore(step: AmountStep): void {
  quoteDraft.replace({ amount: '7,500', term: '60' });
  for (const [name, answer] of Object.entries(STEPS)) {
    if (name === step) return;
    keepApplicationAnswers(answer);
  }
}
