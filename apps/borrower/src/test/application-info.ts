// The application info as accountApplication/getApplicationInfo answers it, for tests only (imported from *.test.ts files).
import type { components } from '@lender/api-client';
import type { JourneyFlags } from '../lib/one-page-journey';
import type { ApplicationInfo } from '../lib/resume-target';

type OnePageInfo = components['schemas']['OnePageApplicationInfo'];

type RegStage = ApplicationInfo['regStage'];

/** The loan both fixtures carry: £5,000 over 24 months, confirmed. */
const LOAN: ApplicationInfo['loan'] = {
  amountPence: 500_000,
  termMonths: 24,
  annualRatePercent: '19.9',
  aprPercent: '21.8',
  monthlyInstalmentPence: 25_300,
  finalInstalmentPence: 25_300,
  totalPayablePence: 607_200,
  totalInterestPence: 107_200,
  firstDueDate: '2026-12-22',
  representativeExample: 'Representative example: borrowing £5,000.00 over 24 months at 21.8% APR.',
  confirmed: true,
};

const STAGES: (keyof RegStage)[] = [
  'welcome',
  'rentInfo',
  'emailConf',
  'openBanking',
  'preApproval',
  'incomeVerification',
  'contractSubmitted',
  'waitingPage',
  'setPassword',
  'setPhone',
  'confirmationPayee',
  'setCpa',
  'commissionConsent',
  'signature',
  'idv',
  'additionalOps',
];

/** Every stage before `pending` done, `pending` and every later stage pending (none pending when undefined). */
export function stagesPendingFrom(pending: keyof RegStage | undefined): RegStage {
  const at = pending === undefined ? STAGES.length : STAGES.indexOf(pending);
  return Object.fromEntries(STAGES.map((stage, index) => [stage, index < at ? 1 : 0])) as unknown as RegStage;
}

/** A legacy application not yet decided whose first pending stage is `stage`, changed by `change`. */
export function applicationPendingAt(stage: keyof RegStage, change: Partial<ApplicationInfo> = {}): ApplicationInfo {
  return {
    applicationId: 'app_1',
    uuid: 'cus_1',
    status: 'in_progress',
    approvalStatus: 9,
    onePage: false,
    applicationOwner: 'default',
    decisionId: '',
    applicationTypeId: 1,
    preDispersalStatus: 9,
    regStage: stagesPendingFrom(stage),
    abChoice: { welcome: 'a', emailConf: 'a' },
    application: { loanPurpose: 'car', loanPurposeText: '' },
    aggregator: '',
    emailVerification: 1,
    loan: { ...LOAN },
    additionalOps: [],
    renderData: { renderApplicantId: 'ra_1' },
    ...change,
  };
}

/** A journeyMap with nothing done, changed by `change`. */
export function journeyMap(change: (map: JourneyFlags) => void = () => undefined): JourneyFlags {
  const map: JourneyFlags = {
    aboutYou: {
      emailVerification: false,
      loanPurposeConfirm: false,
      rentConfirm: false,
      addressUpdate: false,
      incomeConfirm: false,
      obSkip: false,
    },
    yourLoan: { loanValueConfirm: false },
    verifyIncome: { openBanking: false, isFinished: false },
    submission: { isFinished: false },
  };
  change(map);
  return map;
}

/**
 * A one-page application as getOnePageApplicationInfo answers it: the loan confirmed and the e-mail verified,
 * nothing else done; changed by `change`.
 */
export function onePageInfo(change: (value: OnePageInfo) => void = () => undefined): OnePageInfo {
  const value: OnePageInfo = {
    applicationId: 'app_1',
    uuid: 'cus_1',
    status: 'in_progress',
    onePage: true,
    journeyMap: journeyMap((map) => {
      map.aboutYou.emailVerification = true;
      map.yourLoan.loanValueConfirm = true;
    }),
    email: 'robin@example.com',
    loan: { ...LOAN },
    addresses: [],
    creditAssessment: [],
    openBanking: { status: 'none' },
  };
  change(value);
  return value;
}
