import { describe, expect, it } from 'vitest';
import { composeTitle } from './page-title';

describe('composeTitle', () => {
  it.each([
    ['What is the loan for?', false, 'What is the loan for? – Meadow Loans'],
    ['What is the loan for?', true, 'Error: What is the loan for? – Meadow Loans'],
    [undefined, false, 'Meadow Loans'],
    [undefined, true, 'Error: Meadow Loans'],
  ])('%s, failed submit %s: %s', (pageTitle, failed, expected) => {
    expect(composeTitle(pageTitle, 'Meadow Loans', failed)).toBe(expected);
  });
});
