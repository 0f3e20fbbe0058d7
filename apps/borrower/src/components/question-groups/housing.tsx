import type { Choice } from '../radio-field';
import { MoneyAnswer, pence, RadiosAnswer, sentAs } from '../question';

/**
 * Where the applicant lives and what it costs them each month, asked by both application journeys (the legacy
 * /amount/rent_cost, /amount/rent_payment and /amount/not_pay_rent pages, the one-page /loan/housing-info step)
 * and by borrow-more later. Each journey words its questions as it always has; the answers and their checks
 * are these.
 */

/**
 * A monthly amount in whole pounds, to pence, within the contract's limit for what both journeys send
 * (HousingDetails.monthlyCostPence, in its words); more than £0 unless `zeroAllowed` (a contribution).
 */
export function monthlyCost({
  empty,
  invalid = 'Enter the amount in whole pounds, like 650',
  zeroAllowed,
}: {
  empty: string;
  invalid?: string;
  zeroAllowed: boolean;
}) {
  return sentAs(pence({ required: empty, invalid }), '/onePage/user/updateRentInformation', 'monthlyCostPence').refine(
    (amount) => amount > 0 || zeroAllowed,
    { message: 'Enter an amount more than £0' },
  );
}

/** The housing situation, as radios (`name` is the journey's word for it). */
export function HousingSituationAnswer({
  name,
  legend,
  hideLegend = false,
  options,
}: {
  name: string;
  legend: string;
  hideLegend?: boolean;
  options: readonly Choice[];
}) {
  return <RadiosAnswer name={name} legend={legend} hideLegend={hideLegend} options={options} />;
}

/** What is paid each month, in pounds after a £. */
export function HousingCostAnswer({ label, hint }: { label: string; hint: string }) {
  return <MoneyAnswer name="housingCost" label={label} hint={hint} />;
}

/** How the monthly amount is paid. */
export function PayMethodAnswer({ options }: { options: readonly Choice[] }) {
  return <RadiosAnswer name="payMethod" legend="How do you pay it?" options={options} />;
}
