import { describe, expect, it } from 'vitest';
import { problemsOf } from '../../test/schema-problems';
import { addressHistorySchema } from './address-screen';
import type { AddressDraft } from './answers-draft';
import {
  coversThreeYears,
  housingCostError,
  isHouseNumber,
  loanAmountError,
  loanTermError,
  monthOf,
  movedInError,
  postcodeError,
  poundsOf,
} from './validation';

const TODAY = new Date(2026, 10, 22);

describe('pounds as typed', () => {
  it.each([
    ['650', 650],
    ['£1,200', 1200],
    ['1 200', 1200],
    ['1200.00', 1200],
  ])('%s is %d', (text, pounds) => {
    expect(poundsOf(text)).toBe(pounds);
  });

  it.each(['', '12.50', '-5', 'ten', '£'])('%s is not whole pounds', (text) => {
    expect(poundsOf(text)).toBeUndefined();
  });

  it('a housing cost must be given, in whole pounds', () => {
    expect(housingCostError('')).toBe('Enter how much you pay each month');
    expect(housingCostError('six hundred')).toBe('Enter how much you pay each month in whole pounds, like 650');
    expect(housingCostError('650')).toBeUndefined();
  });
});

describe('the quote change', () => {
  it('asks for an amount in whole pounds', () => {
    expect(loanAmountError('')).toBe('Enter how much you want to borrow');
    expect(loanAmountError('7500.50')).toBe('Enter how much you want to borrow in whole pounds, like 7,500');
    expect(loanAmountError('£7,500')).toBeUndefined();
  });

  it('asks for a term in months', () => {
    expect(loanTermError('')).toBe('Enter how many months you want to repay over');
    expect(loanTermError('0')).toBe('Enter how many months you want to repay over, like 24');
    expect(loanTermError('two years')).toBe('Enter how many months you want to repay over, like 24');
    expect(loanTermError('24')).toBeUndefined();
  });
});

describe('moving-in months', () => {
  it('reads a month and a year', () => {
    expect(monthOf('3', '2021')).toBe('2021-03');
    expect(monthOf('12', '2020')).toBe('2020-12');
    expect(monthOf('13', '2020')).toBeUndefined();
    expect(monthOf('0', '2020')).toBeUndefined();
    expect(monthOf('3', '21')).toBeUndefined();
  });

  it('asks for the missing part', () => {
    expect(movedInError('', '', TODAY)).toBe('Enter when you moved in to this address');
    expect(movedInError('', '2020', TODAY)).toBe('When you moved in must include a month');
    expect(movedInError('3', '', TODAY)).toBe('When you moved in must include a year');
    expect(movedInError('14', '2020', TODAY)).toBe('When you moved in must be a real month, like 3 2021');
  });

  it('must be in the past', () => {
    expect(movedInError('12', '2026', TODAY)).toBe('When you moved in must be in the past');
    expect(movedInError('11', '2026', TODAY)).toBeUndefined();
  });

  it('must be before the move to the address after it', () => {
    expect(movedInError('3', '2021', TODAY, '2021-03')).toBe(
      'When you moved in must be before you moved in to the address after it',
    );
    expect(movedInError('2', '2021', TODAY, '2021-03')).toBeUndefined();
  });

  it('cover 3 years when the oldest is 3 years back, to the month', () => {
    expect(coversThreeYears(['2024-01', '2023-11'], TODAY)).toBe(true);
    expect(coversThreeYears(['2024-01', '2023-12'], TODAY)).toBe(false);
    expect(coversThreeYears([], TODAY)).toBe(false);
  });
});

describe('addresses', () => {
  it('postcodes must look like UK ones', () => {
    expect(postcodeError('')).toBe('Enter the postcode');
    expect(postcodeError('12345')).toBe('Enter a real postcode, like AB1 2CD');
    expect(postcodeError('lm1 1aa')).toBeUndefined();
    expect(postcodeError('KD12 9PL')).toBeUndefined();
  });

  it('a house is a number or a name', () => {
    expect(isHouseNumber('12')).toBe(true);
    expect(isHouseNumber('12A')).toBe(true);
    expect(isHouseNumber('Rose Cottage')).toBe(false);
  });

  const address = (change: Partial<AddressDraft>): AddressDraft => ({
    addressId: '',
    house: '3',
    street: 'Acacia Avenue',
    town: 'Lowmere',
    postcode: 'LM1 1AA',
    movedInMonth: '4',
    movedInYear: '2015',
    ...change,
  });

  /** The problems of a history, as the step's fields hold it (the moving-in month and year as one date). */
  const addressHistoryErrors = (drafts: AddressDraft[], today: Date) =>
    problemsOf(addressHistorySchema(today), {
      addresses: drafts.map(({ movedInMonth, movedInYear, ...rest }) => ({
        ...rest,
        movedIn: { month: movedInMonth, year: movedInYear },
      })),
    });

  it('a history reaching back 3 years has no problem', () => {
    expect(addressHistoryErrors([address({})], TODAY)).toEqual([]);
  });

  it('names each missing field of each address', () => {
    expect(addressHistoryErrors([address({}), address({ street: '', postcode: '' })], TODAY)).toEqual([
      { fieldId: 'addresses-1-street', message: 'Enter the street' },
      { fieldId: 'addresses-1-postcode', message: 'Enter the postcode' },
      {
        fieldId: 'addresses-1-movedIn-month',
        message: 'When you moved in must be before you moved in to the address after it',
      },
    ]);
  });

  it('asks for earlier addresses when the history is shorter than 3 years', () => {
    expect(addressHistoryErrors([address({ movedInYear: '2025' })], TODAY)).toEqual([
      { fieldId: 'add-address', message: 'Add your earlier addresses, so they cover the last 3 years' },
    ]);
  });

  it('accepts an earlier address that makes up the 3 years', () => {
    expect(
      addressHistoryErrors([address({ movedInYear: '2025' }), address({ house: 'Holly Cottage', movedInYear: '2019' })], TODAY),
    ).toEqual([]);
  });
});
