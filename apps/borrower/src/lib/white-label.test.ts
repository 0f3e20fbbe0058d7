import { describe, expect, it } from 'vitest';
import { memoryExpiringStorage } from '@lender/api-client/testing';
import { chooseBrand, forgetBrand, isClientName, rememberBrand, whiteLabelClient, withWhiteLabelClient } from './white-label';

describe('whiteLabelClient', () => {
  it.each([
    ['no flag', undefined, undefined],
    ['the flag harbour', 'harbour', 'harbour'],
    ['a brand the app does not carry', 'fen', 'fen'],
    ['a broker client', 'northgate', 'northgate'],
    ['a flag written as true by older code', 'true', undefined],
    ['an empty flag', '', undefined],
    ['a flag written as false', 'false', undefined],
    ['a flag that is no brand key', '../admin', undefined],
  ])('%s selects %s', (_case, flag, client) => {
    const { storage } = memoryExpiringStorage();
    if (flag !== undefined) storage.setItem('whiteLabel', flag);

    expect(whiteLabelClient(storage)).toBe(client);
  });
});

describe('isClientName', () => {
  it.each([
    ['harbour', true],
    ['kestrel-2', true],
    ['Harbour', false],
    ['a'.repeat(41), false],
    ['', false],
    ['true', false],
    ['fen%2F', false],
  ])('%s: %s', (segment, ok) => {
    expect(isClientName(segment)).toBe(ok);
  });
});

describe('rememberBrand', () => {
  it('stores any brand but the default one, as the BFF marks them, and clears the flag for the default', () => {
    const { storage, items } = memoryExpiringStorage();

    rememberBrand({ clientName: 'harbour', whiteLabel: true }, storage);
    expect(items.get('whiteLabel')).toBe('harbour');

    rememberBrand({ clientName: 'northgate', whiteLabel: true }, storage);
    expect(items.get('whiteLabel')).toBe('northgate');

    rememberBrand({ clientName: 'default', whiteLabel: false }, storage);
    expect(items.has('whiteLabel')).toBe(false);
  });
});

describe('chooseBrand and forgetBrand', () => {
  it('store a brand key to ask for, never anything else, and forget it', () => {
    const { storage, items } = memoryExpiringStorage();

    chooseBrand('BAD KEY', storage);
    expect(items.has('whiteLabel')).toBe(false);
    chooseBrand('fen', storage);
    expect(items.get('whiteLabel')).toBe('fen');
    forgetBrand(storage);
    expect(items.has('whiteLabel')).toBe(false);
  });
});

describe('withWhiteLabelClient', () => {
  it('names the stored brand when the flag is set, and leaves the body as it is otherwise', () => {
    const { storage } = memoryExpiringStorage();
    const body = { amountPence: 750_000, termMonths: 60 };
    expect(withWhiteLabelClient(body, storage)).toEqual(body);

    storage.setItem('whiteLabel', 'northgate');
    expect(withWhiteLabelClient(body, storage)).toEqual({ ...body, clientName: 'northgate' });
  });
});
