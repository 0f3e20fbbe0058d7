import type { components } from '@lender/api-client';
import type { ApplicationDraft, DraftAddress } from '../../lib/application-draft';
import { HOUSING_STATUSES, wholePoundsOf } from '../../lib/application-draft';
import { isLoanPurpose } from '../../lib/loan-purposes';

export type EligibilityRequest = components['schemas']['EligibilityRequest'];
type Address = EligibilityRequest['address'];

/** The date of birth as the contract takes it (`1990-03-07`), or undefined while it is not one. */
export function dateOfBirthOf(draft: Pick<ApplicationDraft, 'dobDay' | 'dobMonth' | 'dobYear'>): string | undefined {
  const [day, month, year] = [draft.dobDay.trim(), draft.dobMonth.trim(), draft.dobYear.trim()];
  if (!/^\d{1,2}$/.test(day) || !/^\d{1,2}$/.test(month) || !/^\d{4}$/.test(year)) return undefined;
  return `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
}

/** An address of the history as the contract takes it: the optional parts only when given. */
function addressOf(address: DraftAddress): Address {
  const optional = (value: string) => (value.trim() === '' ? undefined : value.trim());
  const out: Address = { street: address.street.trim(), town: address.town.trim(), postcode: address.postcode.trim() };
  const flat = optional(address.flat);
  const houseName = optional(address.houseName);
  const houseNumber = optional(address.houseNumber);
  const county = optional(address.county);
  if (flat !== undefined) out.flat = flat;
  if (houseName !== undefined) out.houseName = houseName;
  if (houseNumber !== undefined) out.houseNumber = houseNumber;
  if (county !== undefined) out.county = county;
  return out;
}

/**
 * The eligibilitySubmit body of the applicant's answers and chosen quote: the current address (the first of the
 * history) is the one checked. Undefined while an answer the contract needs is missing or malformed.
 */
export function eligibilityRequestOf(
  draft: ApplicationDraft,
  quote: { amountPence: number; termMonths: number } | undefined,
): EligibilityRequest | undefined {
  const dateOfBirth = dateOfBirthOf(draft);
  const income = wholePoundsOf(draft.income);
  const cost = wholePoundsOf(draft.housingCost);
  const housing = HOUSING_STATUSES.find((option) => option.value === draft.housingStatus);
  const purpose = isLoanPurpose(draft.purpose) ? draft.purpose : undefined;
  const current = draft.addresses[0];
  if (
    quote === undefined ||
    dateOfBirth === undefined ||
    income === undefined ||
    cost === undefined ||
    housing === undefined ||
    purpose === undefined ||
    current === undefined
  ) {
    return undefined;
  }
  const request: EligibilityRequest = {
    firstName: draft.firstName.trim(),
    lastName: draft.lastName.trim(),
    dateOfBirth,
    email: draft.email.trim(),
    annualIncomePence: income * 100,
    housingStatus: housing.value,
    monthlyHousingCostPence: cost * 100,
    address: addressOf(current),
    amountPence: quote.amountPence,
    termMonths: quote.termMonths,
    purpose,
  };
  if (purpose === 'other') request.purposeText = draft.purposeText.trim();
  return request;
}
