// The borrower's details as the BFF answers them, for the profile screens' tests (imported from *.test.tsx files only).
import type { PersonalDetails } from '../api/profile';
import { useStaffMode } from '../lib/staff-mode';
import { activeLoan, loanAccountAnswers } from './loans';
import type { Answer } from './sign-in-support';

export const DETAILS: PersonalDetails = {
  firstName: 'Alex',
  lastName: 'Morgan',
  dateOfBirth: '1985-03-14',
  email: 'up-to-date@personas.example',
  phoneMasked: '077****0123',
  address: {
    houseNumber: '14',
    street: 'Mill Lane',
    town: 'Lowmere',
    postcode: 'LM2 4QT',
    label: '14 Mill Lane, Lowmere, LM2 4QT',
  },
  pinSet: true,
};

/** A borrower with an active loan (the guard of every profile screen reads the loans) and these details. */
export function profileAnswers(overrides: Record<string, Answer> = {}): Record<string, Answer> {
  return loanAccountAnswers([activeLoan()], { '/profile/personalDetails': { resultData: DETAILS }, ...overrides });
}

/** Staff acting for the borrower, as their sign-in stores it. */
export function actAsStaff(): void {
  localStorage.setItem('staffActing', 'true');
  useStaffMode.getState().sync();
}
