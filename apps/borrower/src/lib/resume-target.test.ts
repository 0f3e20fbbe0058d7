import { describe, expect, it } from 'vitest';
import { paths } from './paths';
import type { JourneyFlags } from './one-page-journey';
import { legacyResumeTarget, resumeTarget } from './resume-target';
import type { ApplicationInfo } from './resume-target';
import { applicationPendingAt, journeyMap, stagesPendingFrom } from '../test/application-info';

type RegStage = ApplicationInfo['regStage'];
type Change = Partial<Omit<ApplicationInfo, 'application'>> & { loanPurpose?: string };

/** An approved new loan, not paid out, with every stage done; changed by `change`. */
function facts({ loanPurpose = 'car', ...change }: Change = {}): ApplicationInfo {
  return {
    ...applicationPendingAt('welcome', {
      status: 'approved',
      approvalStatus: 1,
      decisionId: 'dec_1',
      regStage: stagesPendingFrom(undefined),
      abChoice: { welcome: '', emailConf: '' },
      ...change,
    }),
    application: { loanPurpose, loanPurposeText: '' },
  };
}

/** An application not yet decided whose first pending stage is `stage`. */
function pendingAt(stage: keyof RegStage, change: Change = {}): ApplicationInfo {
  return facts({ approvalStatus: 9, regStage: stagesPendingFrom(stage), ...change });
}

/** An approved application whose first pending stage is `stage`. */
function approvedAt(stage: keyof RegStage, change: Change = {}): ApplicationInfo {
  return facts({ regStage: stagesPendingFrom(stage), ...change });
}

describe('legacy resume target (spec §4)', () => {
  it('goes to main when the application is not a new loan', () => {
    expect(legacyResumeTarget(pendingAt('welcome', { applicationTypeId: 2 }))).toBe('/loanDashboard/main');
  });

  it('goes to main once drawn down (preDispersalStatus 1)', () => {
    expect(legacyResumeTarget(facts({ preDispersalStatus: 1 }))).toBe('/loanDashboard/main');
  });

  it('goes to decline when preDispersalStatus is 0', () => {
    expect(legacyResumeTarget(pendingAt('waitingPage', { preDispersalStatus: 0, approvalStatus: 0 }))).toBe(paths.decline);
  });

  it('welcome pending: start_b', () => {
    expect(legacyResumeTarget(pendingAt('welcome'))).toBe(paths.startB);
  });

  it('welcome pending with the welcome choice b: quote_review', () => {
    expect(legacyResumeTarget(pendingAt('welcome', { abChoice: { welcome: 'b', emailConf: '' } }))).toBe(
      paths.quoteReview,
    );
  });

  it('rentInfo pending: address', () => {
    expect(legacyResumeTarget(pendingAt('rentInfo'))).toBe(paths.amount.address);
  });

  it('emailConf pending: email_verify_again', () => {
    expect(legacyResumeTarget(pendingAt('emailConf'))).toBe('/email_verify_again');
  });

  it('emailConf pending with the e-mail choice b: email_verify_soft', () => {
    expect(legacyResumeTarget(pendingAt('emailConf', { abChoice: { welcome: '', emailConf: 'b' } }))).toBe(
      paths.emailVerifySoft,
    );
  });

  it('openBanking pending: connect_accounts', () => {
    expect(legacyResumeTarget(pendingAt('openBanking'))).toBe('/connect_accounts');
  });

  it('an other purpose while the decision is pending (approvalStatus 9): purpose_text', () => {
    expect(legacyResumeTarget(pendingAt('incomeVerification', { loanPurpose: 'other' }))).toBe(paths.amount.purposeText);
  });

  it('an other purpose whose words are given does not lead back to purpose_text', () => {
    const given = pendingAt('incomeVerification', { loanPurpose: 'other' });
    given.application.loanPurposeText = 'A new boiler';
    expect(legacyResumeTarget(given)).toBe('/all_submit');
  });

  it('an other purpose after the decision does not lead to purpose_text', () => {
    expect(legacyResumeTarget(approvedAt('setPassword', { loanPurpose: 'other' }))).toBe(paths.approved);
  });

  it('incomeVerification pending: all_submit', () => {
    expect(legacyResumeTarget(pendingAt('incomeVerification'))).toBe('/all_submit');
  });

  it("incomeVerification pending through the lender's own aggregator: credit_consent", () => {
    expect(legacyResumeTarget(pendingAt('incomeVerification', { aggregator: 'own' }))).toBe(paths.amount.creditConsent);
  });

  it('contractSubmitted pending: all_done', () => {
    expect(legacyResumeTarget(pendingAt('contractSubmitted'))).toBe('/all_done');
  });

  it('waitingPage pending: received', () => {
    expect(legacyResumeTarget(pendingAt('waitingPage'))).toBe(paths.received);
  });

  it('approvalStatus 0: decline', () => {
    expect(legacyResumeTarget(approvedAt('setPassword', { approvalStatus: 0 }))).toBe(paths.decline);
  });

  it('a counteroffer (approvalStatus 2) waiting for an answer: counteroffer', () => {
    expect(legacyResumeTarget(approvedAt('setPassword', { approvalStatus: 2 }))).toBe(paths.counteroffer);
  });

  it('approved, setPassword pending: approved', () => {
    expect(legacyResumeTarget(approvedAt('setPassword'))).toBe(paths.approved);
  });

  it('approved, setPhone pending: phoneNumber', () => {
    expect(legacyResumeTarget(approvedAt('setPhone'))).toBe('/phoneNumber');
  });

  it("approved, confirmationPayee pending: the partner disbursal account screen of the application's owner", () => {
    expect(legacyResumeTarget(approvedAt('confirmationPayee', { applicationOwner: 'harbour' }))).toBe(
      '/harbour/disbursal/account',
    );
  });

  it('approved, setCpa pending: connectBank', () => {
    expect(legacyResumeTarget(approvedAt('setCpa'))).toBe('/connectBank');
  });

  it('approved, commissionConsent pending: commission-consent', () => {
    expect(legacyResumeTarget(approvedAt('commissionConsent'))).toBe('/commission-consent');
  });

  it('approved, signature pending: sign', () => {
    expect(legacyResumeTarget(approvedAt('signature'))).toBe('/sign');
  });

  it('approved, idv pending: identity_start', () => {
    expect(legacyResumeTarget(approvedAt('idv'))).toBe('/identity_start');
  });

  it('idv done, nothing outstanding and not paid out (preDispersalStatus 9): signOver', () => {
    expect(legacyResumeTarget(facts())).toBe('/signOver');
  });

  it.each<[ApplicationInfo['additionalOps'][number], string]>([
    ['reset_cpa', '/connectBank'],
    ['sign_again', '/sign'],
    ['change_loan', paths.quoteReview],
    ['address', paths.amount.addressHistory],
    ['open_banking', '/connect_accounts'],
  ])('additionalOps %s: %s', (operation, target) => {
    expect(legacyResumeTarget(approvedAt('additionalOps', { additionalOps: [operation] }))).toBe(target);
  });

  it('the first outstanding additional operation leads', () => {
    expect(legacyResumeTarget(approvedAt('additionalOps', { additionalOps: ['address', 'sign_again'] }))).toBe(
      paths.amount.addressHistory,
    );
  });
});

describe('one-page resume target (spec §4)', () => {
  const map: JourneyFlags = {
    aboutYou: {
      emailVerification: true,
      loanPurposeConfirm: true,
      rentConfirm: false,
      addressUpdate: false,
      incomeConfirm: true,
      obSkip: false,
    },
    yourLoan: { loanValueConfirm: true },
    verifyIncome: { openBanking: false, isFinished: false },
    submission: { isFinished: false },
  };

  it("a one-page application resumes at its journey's first missing step", () => {
    expect(resumeTarget(pendingAt('rentInfo', { onePage: true }), map)).toBe(paths.onePage.housingInfo);
  });

  it('an application that is not one-page follows the legacy rules', () => {
    expect(resumeTarget(pendingAt('rentInfo'), map)).toBe(paths.amount.address);
  });
});

describe('one-page resume target after submission', () => {
  const submitted: JourneyFlags = {
    aboutYou: {
      emailVerification: true,
      loanPurposeConfirm: true,
      rentConfirm: true,
      addressUpdate: true,
      incomeConfirm: true,
      obSkip: true,
    },
    yourLoan: { loanValueConfirm: true },
    verifyIncome: { openBanking: false, isFinished: true },
    submission: { isFinished: true },
  };
  const onePage = (change: Change) => facts({ onePage: true, ...change });

  it('waits on the submitted page while the decision is pending (a referral)', () => {
    expect(resumeTarget(onePage({ status: 'referred', approvalStatus: 9 }), submitted)).toBe(paths.applicationSubmitted);
  });

  it('a declined application (approvalStatus 0): decline', () => {
    expect(resumeTarget(onePage({ status: 'declined', approvalStatus: 0, preDispersalStatus: 0 }), submitted)).toBe(
      paths.decline,
    );
  });

  it('a counteroffer waiting for an answer (approvalStatus 2): counteroffer', () => {
    expect(
      resumeTarget(onePage({ status: 'counteroffer', approvalStatus: 2, regStage: stagesPendingFrom('setPassword') }), submitted),
    ).toBe(paths.counteroffer);
  });

  it('a counteroffer declined (the application withdrawn, approvalStatus still 2): counteroffer, which says so', () => {
    expect(resumeTarget(onePage({ status: 'withdrawn', approvalStatus: 2 }), submitted)).toBe(paths.counteroffer);
  });

  it('approved, or a counteroffer accepted: the stages after approval', () => {
    expect(resumeTarget(onePage({ regStage: stagesPendingFrom('setPassword') }), submitted)).toBe(paths.approved);
    expect(resumeTarget(onePage({ regStage: stagesPendingFrom('setPhone') }), submitted)).toBe('/phoneNumber');
  });

  it('a bank asked for again (additionalOps open_banking): open-banking-updated, where the bank is connected', () => {
    const asked = onePage({ regStage: stagesPendingFrom('additionalOps'), additionalOps: ['open_banking'] });
    expect(resumeTarget(asked, submitted)).toBe(paths.openBankingUpdated);
    expect(legacyResumeTarget(asked)).toBe(paths.openBankingUpdated);
    // A legacy application keeps its own bank screens (spec §4: connect_accounts).
    expect(legacyResumeTarget({ ...asked, onePage: false })).toBe('/connect_accounts');
  });

  it('the other additional operations of a one-page application lead where the legacy rules say', () => {
    const asked = onePage({ regStage: stagesPendingFrom('additionalOps'), additionalOps: ['sign_again'] });
    expect(resumeTarget(asked, submitted)).toBe('/sign');
  });
});

describe('a withdrawn application', () => {
  it('withdrawn by its applicant after approval (approvalStatus still 1): change-my-mind, which confirms it', () => {
    expect(legacyResumeTarget(approvedAt('signature', { status: 'withdrawn' }))).toBe(paths.legacy.changeMyMind);
    expect(resumeTarget(approvedAt('setPassword', { status: 'withdrawn' }))).toBe(paths.legacy.changeMyMind);
  });

  it('withdrawn before the decision (approvalStatus 9): change-my-mind, not a stage screen', () => {
    expect(legacyResumeTarget(pendingAt('welcome', { status: 'withdrawn' }))).toBe(paths.legacy.changeMyMind);
  });

  it('a one-page application withdrawn mid-journey: change-my-mind, not its next step', () => {
    const map = journeyMap((flags) => {
      flags.aboutYou.emailVerification = true;
      flags.yourLoan.loanValueConfirm = true;
    });
    expect(resumeTarget(pendingAt('rentInfo', { onePage: true, status: 'withdrawn' }), map)).toBe(paths.legacy.changeMyMind);
  });
});
