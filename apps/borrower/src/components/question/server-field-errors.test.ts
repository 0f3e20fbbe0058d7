import { ApiError } from '@lender/api-client';
import { describe, expect, it } from 'vitest';
import { serverFieldErrors } from './server-field-errors';

const refused = (field?: string, errorCode = 100400) =>
  new ApiError({ status: 400, errorCode, errorMessage: 'Enter a real postcode', httpStatus: 200, ...(field === undefined ? {} : { field }) });

const page = new Set(['postcode', 'housingCost']);
const has = (name: string) => page.has(name);

describe('serverFieldErrors', () => {
  it.each([
    ['the field the BFF names, when the page has it', refused('postcode'), {}, { postcode: 'Enter a real postcode' }],
    ['the page field a sent value maps to', refused('monthlyCostPence'), { fields: { monthlyCostPence: 'housingCost' } }, { housingCost: 'Enter a real postcode' }],
    ['the page’s field when the named value is not on the page', refused('address.line1'), { field: 'postcode' }, { postcode: 'Enter a real postcode' }],
    ['the page’s field when the BFF names none', refused(), { field: 'postcode' }, { postcode: 'Enter a real postcode' }],
    ['nowhere when the page has no such field and names none', refused('address.line1'), {}, undefined],
    ['the page’s field for another code it lists', refused(undefined, 100617), { field: 'postcode', codes: [100617] }, { postcode: 'Enter a real postcode' }],
    ['nowhere for a code the page does not list', refused(undefined, 100617), { field: 'postcode' }, undefined],
    ['nowhere for a failure that is not an answer', new Error('offline'), { field: 'postcode' }, undefined],
  ])('puts a refusal on %s', (_name, error, rules, expected) => {
    expect(serverFieldErrors(error, { has, ...rules })).toEqual(expected);
  });
});
