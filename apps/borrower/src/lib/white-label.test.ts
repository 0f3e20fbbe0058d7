import { describe, expect, it } from 'vitest';
import { memoryExpiringStorage } from '@lender/api-client/testing';
import { rememberBrand, whiteLabelClient, withWhiteLabelClient } from './white-label';

describe('whiteLabelClient', () => {
  it.each([
    ['no flag', undefined, undefined],
    ['the flag harbour', 'harbour', 'harbour'],
    ['a flag written as true by older code', 'true', 'harbour'],
    ['an empty flag', '', undefined],
    ['a flag written as false', 'false', undefined],
  ])('%s selects %s', (_case, flag, client) => {
    const { storage } = memoryExpiringStorage();
    if (flag !== undefined) storage.setItem('whiteLabel', flag);

    expect(whiteLabelClient(storage)).toBe(client);
  });
});

describe('rememberBrand', () => {
  it('sets the flag when the brand applied is the white-label one, and clears it for any other', () => {
    const { storage, items } = memoryExpiringStorage();

    rememberBrand('harbour', storage);
    expect(items.get('whiteLabel')).toBe('harbour');

    rememberBrand('default', storage);
    expect(items.has('whiteLabel')).toBe(false);
  });
});

describe('withWhiteLabelClient', () => {
  it('names the white-label brand when the flag is set, and leaves the body as it is otherwise', () => {
    const { storage } = memoryExpiringStorage();
    const body = { amountPence: 750_000, termMonths: 60 };
    expect(withWhiteLabelClient(body, storage)).toEqual(body);

    storage.setItem('whiteLabel', 'harbour');
    expect(withWhiteLabelClient(body, storage)).toEqual({ ...body, clientName: 'harbour' });
  });
});
