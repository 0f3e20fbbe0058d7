import type { components } from '@lender/api-client';
import { expiringSessionStorage } from '@lender/api-client/storage';
import { paths } from './paths';
import { applicationInfoQuery } from '../api/application';
import { updateLoanPurposeDetail, updateRentInfo } from '../api/legacy';
import { updateAddressHistory } from '../api/one-page';
import { fetchServerData } from '../api/query-client';
import type { ApplicationDraft, DraftAddress } from './application-draft';
import { HOUSING_STATUSES, wholePoundsOf } from './application-draft';
import { legacyResumeTarget } from './resume-target';
import { signedInWithApplication } from './signed-in-application';
import { sessionStorageKeys } from './storage-keys';

/**
 * The /amount screens that the legacy resume rules send a signed-in applicant to (spec §4: address for rentInfo,
 * address_history for the `address` operation, purpose_text, credit_consent) keep their answers in the session
 * draft like everyone's; their last Continue records the stage when the applicant's application has it pending
 * (accountApplication/*), then the application resumes. Someone not signed in goes on as before.
 */

type RentInfoRequest = components['schemas']['RentInfoRequest'];
type AddressHistoryInput = components['schemas']['AddressHistoryInput'];
type HousingDetails = components['schemas']['HousingDetails'];
export type PayMethod = NonNullable<HousingDetails['payMethod']>;

const PENDING = 0;
/** approvalStatus while no decision is made (spec §3). */
const DECISION_PENDING = 9;


/** How a housing cost is paid, in the order offered, with the words shown. */
export const PAY_METHODS: readonly { value: PayMethod; label: string }[] = [
  { value: 'direct_debit', label: 'Direct Debit' },
  { value: 'standing_order', label: 'Standing order' },
  { value: 'bank_transfer', label: 'Bank transfer' },
  { value: 'card', label: 'Debit or credit card' },
  { value: 'cash', label: 'Cash' },
];

/** The pay method chosen in this tab, or empty. */
export function readPayMethod(): PayMethod | '' {
  const kept = expiringSessionStorage.getItem(sessionStorageKeys.legacyPayMethod);
  return PAY_METHODS.find((option) => option.value === kept)?.value ?? '';
}

export function keepPayMethod(value: string): void {
  expiringSessionStorage.setItem(sessionStorageKeys.legacyPayMethod, value);
}

/** A moving-in month as the contract takes it (`2021-04`), or undefined while it is not one. */
function movedInOf(address: DraftAddress): string | undefined {
  const [month, year] = [address.movedInMonth.trim(), address.movedInYear.trim()];
  if (!/^\d{1,2}$/.test(month) || !/^\d{4}$/.test(year)) return undefined;
  const number = Number(month);
  return number >= 1 && number <= 12 ? `${year}-${month.padStart(2, '0')}` : undefined;
}

/** The address history as updateRentInfo takes it: found by postcode (gazetteerId) or typed, newest first. */
export function addressHistoryOf(addresses: readonly DraftAddress[]): AddressHistoryInput[] | undefined {
  const history: AddressHistoryInput[] = [];
  for (const address of addresses) {
    const movedIn = movedInOf(address);
    if (movedIn === undefined) return undefined;
    if (address.gazetteerId !== '') {
      history.push({ gazetteerId: address.gazetteerId, movedIn });
      continue;
    }
    const typed: NonNullable<AddressHistoryInput['address']> = {
      street: address.street.trim(),
      town: address.town.trim(),
      postcode: address.postcode.trim(),
    };
    if (address.flat.trim() !== '') typed.flat = address.flat.trim();
    if (address.houseName.trim() !== '') typed.houseName = address.houseName.trim();
    if (address.houseNumber.trim() !== '') typed.houseNumber = address.houseNumber.trim();
    if (address.county.trim() !== '') typed.county = address.county.trim();
    history.push({ address: typed, movedIn });
  }
  return history.length === 0 ? undefined : history;
}

/** The housing as the contract takes it: a pay method only when something is paid. Undefined while incomplete. */
export function housingOf(draft: Pick<ApplicationDraft, 'housingStatus' | 'housingCost'>, payMethod: PayMethod | ''): HousingDetails | undefined {
  const status = HOUSING_STATUSES.find((option) => option.value === draft.housingStatus);
  const pounds = wholePoundsOf(draft.housingCost);
  if (status === undefined || pounds === undefined) return undefined;
  if (pounds === 0) return { housingStatus: status.value, monthlyCostPence: 0 };
  if (payMethod === '') return undefined;
  return { housingStatus: status.value, monthlyCostPence: pounds * 100, payMethod };
}

/**
 * After the last housing answer: records the housing and the addresses (updateRentInfo) when the signed-in
 * applicant's rentInfo stage is pending, and answers where the application resumes; undefined when there is
 * nothing to record (someone not signed in, or the stage done), so the screen goes on as before. Rejects when a
 * call fails (the person has been told) or the answers are incomplete.
 */
export async function recordRentInfo(draft: ApplicationDraft, payMethod: PayMethod | ''): Promise<string | undefined> {
  if (!signedInWithApplication()) return undefined;
  const info = await fetchServerData(applicationInfoQuery);
  if (info.regStage.rentInfo !== PENDING) return undefined;
  const housing = housingOf(draft, payMethod);
  const addresses = addressHistoryOf(draft.addresses);
  if (housing === undefined || addresses === undefined) throw new Error('The housing answers are incomplete');
  const body: RentInfoRequest = { housing, addresses };
  return legacyResumeTarget(await updateRentInfo(body));
}

/**
 * After the address history: records it when the lender asked the signed-in applicant for their addresses again
 * (the `address` operation), and answers /address-updated; undefined when there is nothing to record (the
 * addresses are then part of the rentInfo stage, or of someone not signed in). The history alone is recorded
 * (onePage/user/updateAddressHistory, which takes the latest application, legacy or not): updateRentInfo records
 * the housing too, which cannot change after approval.
 */
export async function recordAddressOperation(draft: ApplicationDraft): Promise<string | undefined> {
  if (!signedInWithApplication()) return undefined;
  const info = await fetchServerData(applicationInfoQuery);
  if (info.regStage.rentInfo === PENDING || !info.additionalOps.includes('address')) return undefined;
  const addresses = addressHistoryOf(draft.addresses);
  if (addresses === undefined) throw new Error('The addresses are incomplete');
  await updateAddressHistory({ addresses });
  return paths.legacy.addressUpdated;
}

/**
 * After purpose_text: records the words (updateLoanPurposeDetail) when the signed-in applicant's application
 * waits for them (an `other` purpose before the decision, spec §4), and answers where it resumes; undefined when
 * there is nothing to record.
 */
export async function recordPurposeText(purposeText: string): Promise<string | undefined> {
  if (!signedInWithApplication()) return undefined;
  const info = await fetchServerData(applicationInfoQuery);
  if (info.application.loanPurpose !== 'other' || info.approvalStatus !== DECISION_PENDING) return undefined;
  const body = { purpose: 'other' as const, purposeText: purposeText.trim() };
  return legacyResumeTarget(await updateLoanPurposeDetail(body));
}
