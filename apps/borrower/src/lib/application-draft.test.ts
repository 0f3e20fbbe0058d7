import { expiringLocalStorage } from '@lender/api-client/storage';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  addressLabelOf,
  EMPTY_MANUAL_ADDRESS,
  historyCovers,
  keepApplicationAnswers,
  movedInText,
  readApplicationDraft,
  readQuoteAnswer,
  wholePoundsOf,
} from './application-draft';
import type { DraftAddress } from './application-draft';
import { draftKeys } from './storage-keys';

describe('application draft', () => {
  beforeEach(() => {
    localStorage.clear();
  });

  it('is empty before anything is answered', () => {
    expect(readApplicationDraft()).toEqual({
      purpose: '',
      purposeText: '',
      firstName: '',
      lastName: '',
      dobDay: '',
      dobMonth: '',
      dobYear: '',
      email: '',
      income: '',
      employment: '',
      addresses: [],
      addressInProgress: null,
      housingStatus: '',
      housingCost: '',
    });
  });

  it('keeps answers one step at a time without losing the earlier ones', () => {
    keepApplicationAnswers({ purpose: 'car' });
    keepApplicationAnswers({ firstName: 'Sam' });
    const kept = keepApplicationAnswers({ dobDay: '7', dobMonth: '3', dobYear: '1990' });
    expect(kept).toMatchObject({ purpose: 'car', firstName: 'Sam', dobDay: '7', dobMonth: '3', dobYear: '1990' });
    expect(readApplicationDraft()).toEqual(kept);
    expect(JSON.parse(expiringLocalStorage.getItem(draftKeys.application) ?? '')).toEqual(kept);
  });

  it('starts again from a value it did not write, and discards a draft whose answers are not text', () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
    expiringLocalStorage.setItem(draftKeys.application, 'not json');
    expect(readApplicationDraft().firstName).toBe('');
    expiringLocalStorage.setItem(draftKeys.application, JSON.stringify({ firstName: 42, lastName: 'Lee' }));
    expect(readApplicationDraft()).toMatchObject({ firstName: '', lastName: '' });
    expiringLocalStorage.setItem(draftKeys.application, 'null');
    expect(readApplicationDraft().lastName).toBe('');
    expect(info).toHaveBeenCalledTimes(3);
    expect(localStorage.getItem(draftKeys.application)).toBeNull();
    info.mockRestore();
  });

  it('reads a draft written before an answer was added, with that answer empty', () => {
    expiringLocalStorage.setItem(draftKeys.application, JSON.stringify({ firstName: 'Sam' }));
    expect(readApplicationDraft()).toMatchObject({ firstName: 'Sam', housingCost: '', addresses: [] });
  });
});

const ADDRESS: DraftAddress = {
  gazetteerId: '',
  flat: '',
  houseName: '',
  houseNumber: '14',
  street: 'Mill Lane',
  town: 'Lowmere',
  county: '',
  postcode: 'LM2 4QT',
  label: '14 Mill Lane, Lowmere, LM2 4QT',
  movedInMonth: '',
  movedInYear: '',
};

describe('the address history in the draft', () => {
  beforeEach(() => {
    localStorage.clear();
  });

  it('keeps addresses and the one in progress through a read, and discards a draft with what is not an address', () => {
    keepApplicationAnswers({
      addresses: [{ ...ADDRESS, movedInMonth: '3', movedInYear: '2020' }],
      addressInProgress: { index: 1, postcode: 'LM1 1AA', manual: { ...EMPTY_MANUAL_ADDRESS, street: 'Acacia Avenue' } },
      housingStatus: 'renting_private',
      housingCost: '650',
    });
    expect(readApplicationDraft()).toMatchObject({
      addresses: [{ ...ADDRESS, movedInMonth: '3', movedInYear: '2020' }],
      addressInProgress: { index: 1, postcode: 'LM1 1AA', manual: { street: 'Acacia Avenue', town: '' } },
      housingStatus: 'renting_private',
      housingCost: '650',
    });
    const info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
    expiringLocalStorage.setItem(
      draftKeys.application,
      JSON.stringify({ addresses: [null, { street: 'Mill Lane', town: 7 }], addressInProgress: { index: 9 } }),
    );
    const draft = readApplicationDraft();
    expect(draft.addresses).toEqual([]);
    expect(draft.addressInProgress).toBeNull();
    expect(info).toHaveBeenCalledWith('The draft "applicationDraft" was discarded: it does not have the shape this version keeps.');
    info.mockRestore();
    // An address written before a part was added reads with that part empty.
    expiringLocalStorage.setItem(draftKeys.application, JSON.stringify({ addresses: [{ street: 'Mill Lane' }] }));
    expect(readApplicationDraft().addresses[0]).toMatchObject({ street: 'Mill Lane', town: '', movedInYear: '' });
  });

  it('covers 3 years once the earliest complete address was moved in to 36 months ago or more', () => {
    const today = new Date(2026, 10, 22);
    const movedIn = (month: string, year: string) => ({ ...ADDRESS, movedInMonth: month, movedInYear: year });
    expect(historyCovers([], today)).toBe(false);
    expect(historyCovers([movedIn('11', '2023')], today)).toBe(true);
    expect(historyCovers([movedIn('12', '2023')], today)).toBe(false);
    expect(historyCovers([movedIn('12', '2023'), movedIn('1', '2020')], today)).toBe(true);
    // Only the first addresses count when asked.
    expect(historyCovers([movedIn('12', '2023'), movedIn('1', '2020')], today, 1)).toBe(false);
    // A missing date, or an address without a house name or number, covers nothing.
    expect(historyCovers([movedIn('12', '2023'), movedIn('', '2020')], today)).toBe(false);
    expect(historyCovers([{ ...movedIn('1', '2020'), houseNumber: '' }], today)).toBe(false);
  });

  it('writes moving-in months and address lines for people', () => {
    expect(movedInText({ movedInMonth: '03', movedInYear: '2022' })).toBe('March 2022');
    expect(movedInText({ movedInMonth: '13', movedInYear: '2022' })).toBe('13 2022');
    expect(
      addressLabelOf({ flat: 'Flat 2', houseName: 'Rose Court', houseNumber: '14', street: 'Mill Lane', town: 'Lowmere', county: '', postcode: 'LM2 4QT' }),
    ).toBe('Flat 2, Rose Court, 14 Mill Lane, Lowmere, LM2 4QT');
  });
});

describe('amounts and the quote as typed', () => {
  beforeEach(() => {
    localStorage.clear();
  });

  it('reads whole pounds however they are typed', () => {
    expect(wholePoundsOf('£32,000')).toBe(32000);
    expect(wholePoundsOf(' 650.00 ')).toBe(650);
    expect(wholePoundsOf('0')).toBe(0);
    expect(wholePoundsOf('12.50')).toBeUndefined();
    expect(wholePoundsOf('-5')).toBeUndefined();
  });

  it('reads the chosen quote in pence and months, or nothing until one is usable', () => {
    expect(readQuoteAnswer()).toBeUndefined();
    expiringLocalStorage.setItem(draftKeys.quote, JSON.stringify({ amount: '£7,500', term: '60' }));
    expect(readQuoteAnswer()).toEqual({ amountPence: 750_000, termMonths: 60 });
    expiringLocalStorage.setItem(draftKeys.quote, JSON.stringify({ amount: '7,500', term: '' }));
    expect(readQuoteAnswer()).toBeUndefined();
    const info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
    expiringLocalStorage.setItem(draftKeys.quote, 'not json');
    expect(readQuoteAnswer()).toBeUndefined();
    info.mockRestore();
  });
});
