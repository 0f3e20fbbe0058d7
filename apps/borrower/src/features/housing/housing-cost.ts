import { wholePoundsOf } from '../../lib/application-draft';

/** The contract's limit on monthlyHousingCostPence (£100,000), in pounds. */
const MAX_POUNDS = 100_000;

/**
 * The message for a monthly amount typed in pounds, or undefined when it is one: whole pounds up to £100,000,
 * more than £0 for a rent or mortgage payment (`zeroAllowed` false), 0 allowed for a contribution.
 */
export function monthlyAmountError(text: string, zeroAllowed: boolean, empty: string): string | undefined {
  if (text.trim() === '') return empty;
  const pounds = wholePoundsOf(text);
  if (pounds === undefined) return 'Enter the amount in whole pounds, like 650';
  if (pounds > MAX_POUNDS) return 'Enter an amount of £100,000 or less';
  if (pounds === 0 && !zeroAllowed) return 'Enter an amount more than £0';
  return undefined;
}
