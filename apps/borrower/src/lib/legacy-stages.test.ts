import { describe, expect, it } from 'vitest';
import { ORCHARD_CLOSE } from '../test/amount-answers';
import { addressHistoryOf, housingOf } from './legacy-stages';

describe('addressHistoryOf', () => {
  it('sends a found address by its id and a typed one by its parts, newest first, with the month moved in', () => {
    const typed = {
      ...ORCHARD_CLOSE,
      gazetteerId: '',
      flat: 'Flat 3',
      houseName: 'Rose Court',
      houseNumber: '14',
      street: 'Mill Lane',
      county: '',
      postcode: 'ZZ9 9ZZ',
      movedInMonth: '1',
      movedInYear: '2019',
    };
    expect(addressHistoryOf([{ ...ORCHARD_CLOSE, movedInMonth: '4', movedInYear: '2024' }, typed])).toEqual([
      { gazetteerId: 'lm3-8rd-12a', movedIn: '2024-04' },
      {
        address: { flat: 'Flat 3', houseName: 'Rose Court', houseNumber: '14', street: 'Mill Lane', town: 'Lowmere', postcode: 'ZZ9 9ZZ' },
        movedIn: '2019-01',
      },
    ]);
  });

  it('is undefined while a month moved in is missing, or with no address', () => {
    expect(addressHistoryOf([ORCHARD_CLOSE])).toBeUndefined();
    expect(addressHistoryOf([])).toBeUndefined();
  });
});

describe('housingOf', () => {
  it('needs a pay method only when something is paid', () => {
    expect(housingOf({ housingStatus: 'renting_private', housingCost: '£650' }, 'standing_order')).toEqual({
      housingStatus: 'renting_private',
      monthlyCostPence: 65_000,
      payMethod: 'standing_order',
    });
    expect(housingOf({ housingStatus: 'renting_private', housingCost: '650' }, '')).toBeUndefined();
    expect(housingOf({ housingStatus: 'living_with_family', housingCost: '0' }, '')).toEqual({
      housingStatus: 'living_with_family',
      monthlyCostPence: 0,
    });
  });
});
