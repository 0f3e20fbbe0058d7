import { describe, expect, it } from 'vitest';
import { amountGuardRedirect, entryOf, firstUnansweredStep, rankOf } from './amount-guard';
import type { GuardInput } from './amount-guard';
import type { ApplicationDraft, DraftAddress } from './application-draft';

const TODAY = new Date(2026, 10, 22);

const ADDRESS: DraftAddress = {
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

function movedIn(month: string, year: string): DraftAddress {
  return { ...ADDRESS, movedInMonth: month, movedInYear: year };
}

const ANSWERED: ApplicationDraft = {
  purpose: 'car',
  purposeText: '',
  firstName: 'Sam',
  lastName: 'Lee',
  dobDay: '7',
  dobMonth: '3',
  dobYear: '1990',
  email: 'sam.lee@example.com',
  income: '32,000',
  employment: 'employed_full_time',
  addresses: [movedIn('4', '2020')],
  addressInProgress: null,
  housingStatus: 'renting_private',
  housingCost: '650',
};

function input(draft: Partial<ApplicationDraft>, quoteChosen = true): GuardInput {
  return { draft: { ...ANSWERED, ...draft }, quoteChosen, today: TODAY };
}

describe('the first unanswered /amount step', () => {
  it('is the quote before anything else', () => {
    expect(firstUnansweredStep(input({}, false))).toEqual({ path: '/amount/amount_default', entry: 0 });
  });

  it('follows the order of the questions about the applicant', () => {
    expect(firstUnansweredStep(input({ purpose: '', firstName: '' }))?.path).toBe('/amount/purpose');
    expect(firstUnansweredStep(input({ purpose: 'other' }))?.path).toBe('/amount/purpose_text');
    expect(firstUnansweredStep(input({ purpose: 'other', purposeText: 'A boiler' }))).toBeUndefined();
    expect(firstUnansweredStep(input({ firstName: ' ' }))?.path).toBe('/amount/name');
    expect(firstUnansweredStep(input({ lastName: '' }))?.path).toBe('/amount/last_name');
    expect(firstUnansweredStep(input({ dobMonth: '' }))?.path).toBe('/amount/dob_input');
    expect(firstUnansweredStep(input({ email: '' }))?.path).toBe('/amount/email');
    expect(firstUnansweredStep(input({ income: 'lots' }))?.path).toBe('/amount/income');
    expect(firstUnansweredStep(input({ employment: '' }))?.path).toBe('/amount/employment');
  });

  it('asks for addresses and their moving-in dates until they cover 3 years', () => {
    expect(firstUnansweredStep(input({ addresses: [] }))).toEqual({ path: '/amount/address', entry: 0 });
    expect(firstUnansweredStep(input({ addresses: [ADDRESS] }))).toEqual({ path: '/amount/moved_in', entry: 0 });
    expect(firstUnansweredStep(input({ addresses: [{ ...ADDRESS, street: '', movedInMonth: '1', movedInYear: '2020' }] }))).toEqual({
      path: '/amount/address',
      entry: 0,
    });
    const recent = movedIn('6', '2025');
    expect(firstUnansweredStep(input({ addresses: [recent] }))).toEqual({ path: '/amount/previous_address', entry: 1 });
    expect(firstUnansweredStep(input({ addresses: [recent, ADDRESS] }))).toEqual({ path: '/amount/moved_in', entry: 1 });
    expect(firstUnansweredStep(input({ addresses: [recent, movedIn('1', '2024')] }))).toEqual({
      path: '/amount/previous_address',
      entry: 2,
    });
    expect(firstUnansweredStep(input({ addresses: [recent, movedIn('11', '2023')] }))).toBeUndefined();
  });

  it('sends six addresses that still do not cover 3 years to the history', () => {
    const six = ['2026', '2026', '2025', '2025', '2024', '2024'].map((year, index) => movedIn(String(10 - index), year));
    expect(firstUnansweredStep(input({ addresses: six }))).toEqual({ path: '/amount/address_history', entry: 0 });
  });

  it('asks the housing cost that fits the housing situation', () => {
    expect(firstUnansweredStep(input({ housingStatus: '', housingCost: '' }))?.path).toBe('/amount/rent_cost');
    expect(firstUnansweredStep(input({ housingCost: '' }))?.path).toBe('/amount/rent_payment');
    expect(firstUnansweredStep(input({ housingStatus: 'living_with_family', housingCost: '' }))?.path).toBe(
      '/amount/not_pay_rent',
    );
    expect(firstUnansweredStep(input({ housingStatus: 'living_with_family', housingCost: '0' }))).toBeUndefined();
  });
});

describe('the guard of the /amount steps', () => {
  it('lets every step up to the first unanswered one be shown', () => {
    const draft = { employment: '', addresses: [], housingStatus: '', housingCost: '' };
    for (const path of ['/amount/purpose', '/amount/name', '/amount/income', '/amount/employment']) {
      expect(amountGuardRedirect(path, 0, input(draft))).toBeUndefined();
    }
  });

  it('sends a later step to the first unanswered one', () => {
    const draft = { employment: '', addresses: [], housingStatus: '', housingCost: '' };
    for (const path of ['/amount/address', '/amount/rent_cost', '/amount/step2', '/amount/credit_consent']) {
      expect(amountGuardRedirect(path, 0, input(draft))).toBe('/amount/employment');
    }
    expect(amountGuardRedirect('/amount/purpose', 0, input({}, false))).toBe('/amount/amount_default');
    expect(amountGuardRedirect('/amount/loan_calculation', 0, input({}, false))).toBe('/amount/amount_default');
    expect(amountGuardRedirect('/amount/amount_default', 0, input({}, false))).toBeUndefined();
  });

  it('tells the addresses of the history apart by their entry', () => {
    const recent = movedIn('6', '2025');
    const draft = { addresses: [recent, ADDRESS], housingStatus: '', housingCost: '' };
    expect(amountGuardRedirect('/amount/years3', 0, input(draft))).toBeUndefined();
    expect(amountGuardRedirect('/amount/previous_address', 1, input(draft))).toBeUndefined();
    expect(amountGuardRedirect('/amount/manual_address', 1, input(draft))).toBeUndefined();
    expect(amountGuardRedirect('/amount/moved_in', 1, input(draft))).toBeUndefined();
    expect(amountGuardRedirect('/amount/previous_address', 2, input(draft))).toBe('/amount/moved_in?entry=1');
    expect(amountGuardRedirect('/amount/address_history', 0, input(draft))).toBe('/amount/moved_in?entry=1');
    expect(amountGuardRedirect('/amount/rent_cost', 0, input({ addresses: [recent] }))).toBe(
      '/amount/previous_address?entry=1',
    );
  });

  it('lets a complete draft reach every step, and leaves other paths alone', () => {
    for (const path of ['/amount/address_history', '/amount/step2', '/amount/credit_consent', '/amount/moved_in']) {
      expect(amountGuardRedirect(path, 0, input({}))).toBeUndefined();
    }
    expect(rankOf('/login/home', 0)).toBeUndefined();
    expect(amountGuardRedirect('/login/home', 0, input({}, false))).toBeUndefined();
  });

  it('reads the entry of a step URL, the current address without one', () => {
    expect(entryOf(new URLSearchParams('entry=3'))).toBe(3);
    expect(entryOf(new URLSearchParams(''))).toBe(0);
    expect(entryOf(new URLSearchParams('entry=x'))).toBe(0);
  });
});
