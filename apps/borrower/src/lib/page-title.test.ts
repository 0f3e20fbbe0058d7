import { describe, expect, it } from 'vitest';
import { composeTitle } from './page-title';

describe('composeTitle', () => {
  it.each([
    ['What is the loan for?', false, undefined, 'What is the loan for? – Meadow Loans'],
    ['What is the loan for?', true, undefined, 'Error: What is the loan for? – Meadow Loans'],
    ['What is the loan for?', false, 'Meadow Loans – loans that fit your life', 'What is the loan for? – Meadow Loans'],
    [undefined, false, undefined, 'Meadow Loans'],
    [undefined, true, undefined, 'Error: Meadow Loans'],
    [undefined, false, 'Meadow Loans – loans that fit your life', 'Meadow Loans – loans that fit your life'],
  ])('%s, failed submit %s, brand title %s: %s', (pageTitle, failed, brandTitle, expected) => {
    expect(composeTitle(pageTitle, 'Meadow Loans', failed, brandTitle)).toBe(expected);
  });
});
