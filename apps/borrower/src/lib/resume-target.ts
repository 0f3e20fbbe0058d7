import type { components } from '@lender/api-client';
import { generatePath } from 'react-router';
import { paths } from './paths';
import { onePageResumeStep, stepPaths } from './one-page-journey';
import type { JourneyFlags } from './one-page-journey';

/** The application info of spec §3, as the BFF answers it (accountApplication/getApplicationInfo). */
export type ApplicationInfo = components['schemas']['ApplicationInfo'];
type AdditionalOp = ApplicationInfo['additionalOps'][number];

const PENDING = 0;
const APPROVED = 1;
const DECLINED = 0;
const DRAWN_DOWN = 1;
const NEW_LOAN = 1;
const DECISION_PENDING = 9;
const COUNTEROFFER = 2;

/** The screen of each additional operation (spec §4 "additionalOps"). */
const ADDITIONAL_OPS: Readonly<Record<AdditionalOp, string>> = {
  reset_cpa: paths.legacy.connectBank,
  sign_again: paths.legacy.sign,
  change_loan: paths.quoteReview,
  address: paths.amount.addressHistory,
  open_banking: paths.legacy.connectAccounts,
};

/**
 * Where an applicant resumes their application (spec §4 "Resume target, one-page application" and "Resume
 * target, legacy"). A one-page application resumes at its journey's step (its journeyMap comes from
 * getOnePageApplicationInfo); otherwise the legacy rules apply in the order the specification gives them.
 * Answers a path of paths.ts.
 *
 * The one-page journey ends at the submitted page, which waits there while the decision is pending (a
 * referral). Once the application is decided, what follows the journey is the decision's: the legacy rules
 * name it for every application (decline for approvalStatus 0, counteroffer for 2, the stages after
 * approval for 1), so a decided one-page application follows them from there.
 */
export function resumeTarget(info: ApplicationInfo, journeyMap?: JourneyFlags): string {
  if (withdrawnByTheApplicant(info)) return paths.legacy.changeMyMind;
  if (info.onePage && journeyMap !== undefined) {
    const step = onePageResumeStep(journeyMap);
    if (step === 'application_submitted' && info.approvalStatus !== DECISION_PENDING) return legacyResumeTarget(info);
    return stepPaths[step];
  }
  return legacyResumeTarget(info);
}

/**
 * The screen of an outstanding additional operation. A one-page application connects the bank asked for again
 * with the one-page open-banking calls, whose consent page comes back to /open-banking-updated.
 */
function additionalOpTarget(operation: AdditionalOp, onePage: boolean): string {
  return onePage && operation === 'open_banking' ? paths.openBankingUpdated : ADDITIONAL_OPS[operation];
}

/**
 * An application its applicant withdrew (change-my-mind): none of its screens is open any more, and the
 * specification names no rule for it, so the withdrawal confirmed is where they land, with the way to start a
 * new application.
 * A withdrawn application keeps the stages and codes it had (an approved one still says approvalStatus 1): only
 * its status tells it apart. A counteroffer turned down is withdrawn too, and keeps approvalStatus 2: its own
 * screen says so.
 */
function withdrawnByTheApplicant(facts: ApplicationInfo): boolean {
  return facts.status === 'withdrawn' && facts.approvalStatus !== COUNTEROFFER;
}

/** Whether the application's loan has been paid out: its screens belong to the past, and the loan is what is left. */
export function paidOut(facts: ApplicationInfo): boolean {
  return facts.preDispersalStatus === DRAWN_DOWN;
}

/** The legacy rules (spec §4 "Resume target, legacy"). */
export function legacyResumeTarget(facts: ApplicationInfo): string {
  const { regStage: stage, abChoice } = facts;
  if (withdrawnByTheApplicant(facts)) return paths.legacy.changeMyMind;
  if (facts.applicationTypeId !== NEW_LOAN || paidOut(facts)) {
    return paths.legacy.loanDashboardMain;
  }
  if (facts.preDispersalStatus === DECLINED) return paths.decline;

  // The pending stages before the decision, in journey order.
  if (stage.welcome === PENDING) return abChoice.welcome === 'b' ? paths.quoteReview : paths.startB;
  if (stage.rentInfo === PENDING) return paths.amount.address;
  if (stage.emailConf === PENDING) {
    return abChoice.emailConf === 'b' ? paths.emailVerifySoft : paths.legacy.emailVerifyAgain;
  }
  if (stage.openBanking === PENDING) return paths.legacy.connectAccounts;
  // "other-purpose with approvalStatus 9" (spec §4) is an other purpose still waiting for its words: once they are
  // given, purpose_text has nothing left to ask, and the next pending stage applies.
  const purposeWordsMissing = facts.application.loanPurpose === 'other' && facts.application.loanPurposeText.trim() === '';
  if (purposeWordsMissing && facts.approvalStatus === DECISION_PENDING) return paths.amount.purposeText;
  if (stage.incomeVerification === PENDING) {
    return facts.aggregator === 'own' ? paths.amount.creditConsent : paths.legacy.allSubmit;
  }
  // "all_done or all_submit" (spec §4): every stage before it is done here, so income is verified and the
  // application only waits to be submitted: all_done (all_submit is where open income verification leads).
  if (stage.contractSubmitted === PENDING) return paths.legacy.allDone;
  if (stage.waitingPage === PENDING) return paths.received;

  if (facts.approvalStatus === DECLINED) return paths.decline;
  // A counteroffer waits for the applicant's answer (approvalStatus 2; the specification names no rule for it).
  if (facts.approvalStatus === COUNTEROFFER) return paths.counteroffer;
  if (facts.approvalStatus !== APPROVED) return paths.received;

  // Once approved: the stages after approval, in journey order, then the additional operations.
  if (stage.setPassword === PENDING) return paths.approved;
  if (stage.setPhone === PENDING) return paths.legacy.phoneNumber;
  if (stage.confirmationPayee === PENDING) {
    return generatePath(paths.legacy.partnerDisbursalAccount, { partner: facts.applicationOwner });
  }
  if (stage.setCpa === PENDING) return paths.legacy.connectBank;
  if (stage.commissionConsent === PENDING) return paths.legacy.commissionConsent;
  if (stage.signature === PENDING) return paths.legacy.sign;
  if (stage.idv === PENDING) return paths.legacy.identityStart;
  if (stage.additionalOps === PENDING) {
    const operation = facts.additionalOps[0];
    if (operation !== undefined) return additionalOpTarget(operation, facts.onePage);
  }
  // Every stage done, identity verified, and not paid out (preDispersalStatus is 9: 1 and 0 left above).
  return paths.legacy.signOver;
}
