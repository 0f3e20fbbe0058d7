// The application info as accountApplication/getApplicationInfo answers it, for tests only (imported from *.test.ts files).
import type { ApplicationInfo } from '../lib/resume-target';

type RegStage = ApplicationInfo['regStage'];

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
    loan: {
      amountPence: 500_000,
      termMonths: 24,
      annualRatePercent: '19.9',
      aprPercent: '21.8',
      monthlyInstalmentPence: 25_300,
      finalInstalmentPence: 25_300,
      totalPayablePence: 607_200,
      totalInterestPence: 107_200,
      firstDueDate: '2026-12-22',
      representativeExample: 'Representative example',
      confirmed: true,
    },
    additionalOps: [],
    ...change,
  };
}
