import { describe, expect, it } from 'vitest';
import { parseAddress } from './address-parsing';

function address(flat: string, house_name: string, house_number: string, street: string) {
  return { flat, house_name, house_number, street };
}

describe('parseAddress: the postcode lookup form (four fields, by position)', () => {
  it.each([
    [', , 12, Acacia Avenue', address('', '', '12', 'Acacia Avenue')],
    ['Flat 2, Rose Court, 14, Mill Lane', address('Flat 2', 'Rose Court', '14', 'Mill Lane')],
    ['Flat A, , 4, Harbour Road', address('Flat A', '', '4', 'Harbour Road')],
    ['Flat 1, The Old Custom House, , Quay Street', address('Flat 1', 'The Old Custom House', '', 'Quay Street')],
    [', Rose Cottage, , Mill Lane', address('', 'Rose Cottage', '', 'Mill Lane')],
    // A house name that starts with digits stays the house name: position wins over looks.
    [', 1 The Maltings, , Mill Lane', address('', '1 The Maltings', '', 'Mill Lane')],
  ])('%j', (text, expected) => {
    expect(parseAddress(text)).toEqual(expected);
  });
});

describe('parseAddress: typed text', () => {
  it.each([
    ['Flat 2, Rose Court, 14 Mill Lane', address('Flat 2', 'Rose Court', '14', 'Mill Lane')],
    ['14 Mill Lane', address('', '', '14', 'Mill Lane')],
    ['Rose Court, Mill Lane', address('', 'Rose Court', '', 'Mill Lane')],
    ['14A Mill Lane', address('', '', '14A', 'Mill Lane')],
    ['14a Mill Lane', address('', '', '14A', 'Mill Lane')],
    ['12-14 High Street', address('', '', '12-14', 'High Street')],
    ['12 - 14 High Street', address('', '', '12-14', 'High Street')],
    ['apartment 3b, 7 Quay Street', address('apartment 3b', '', '7', 'Quay Street')],
    ['Mill Lane', address('', '', '', 'Mill Lane')],
    ['14', address('', '', '14', '')],
    ['Flat 2', address('Flat 2', '', '', '')],
  ])('%j', (text, expected) => {
    expect(parseAddress(text)).toEqual(expected);
  });
});

describe('parseAddress: odd input', () => {
  it.each([
    ['', address('', '', '', '')],
    ['   ', address('', '', '', '')],
    [' , ,, ', address('', '', '', '')],
    // Extra spaces around and inside fields collapse.
    ['  Flat  2 ,  Rose   Court ,14    Mill  Lane  ', address('Flat 2', 'Rose Court', '14', 'Mill Lane')],
    // Trailing and doubled commas are dropped (four fields with an empty last one is not the lookup form).
    ['Flat 2, Rose Court, 14 Mill Lane,', address('Flat 2', 'Rose Court', '14', 'Mill Lane')],
    ['14 Mill Lane,,', address('', '', '14', 'Mill Lane')],
    ['Rose Court,, Mill Lane', address('', 'Rose Court', '', 'Mill Lane')],
    // More than four parts: nothing is lost; extra names join the house name, a locality joins the street.
    ['Flat 2, Rose Court, East Wing, 14 Mill Lane', address('Flat 2', 'Rose Court, East Wing', '14', 'Mill Lane')],
    ['Flat 2, Rose Court, 14 Mill Lane, Old Town, Lowmere', address('Flat 2', 'Rose Court', '14', 'Mill Lane, Old Town, Lowmere')],
    ['Rose Court, East Wing, Old Mill, Mill Lane, Lowmere', address('', 'Rose Court, East Wing, Old Mill, Mill Lane', '', 'Lowmere')],
    // A number given as its own field, then the street: as the lookup form without its empty fields.
    ['Rose Court, 14, Mill Lane', address('', 'Rose Court', '14', 'Mill Lane')],
    // "Flat" only counts as the first field and with something after it.
    ['Flat, 14 Mill Lane', address('', 'Flat', '14', 'Mill Lane')],
    ['Rose Court, Flat 2, 14 Mill Lane', address('', 'Rose Court, Flat 2', '14', 'Mill Lane')],
    // Four fields that are not the lookup form (third is not a number) are read as typed text.
    ['Flat 2, Rose Court, East Wing, Mill Lane', address('Flat 2', 'Rose Court, East Wing', '', 'Mill Lane')],
  ])('%j', (text, expected) => {
    expect(parseAddress(text)).toEqual(expected);
  });
});
