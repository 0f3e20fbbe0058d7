import { paths } from '../paths';
import type { GroupPagePath, Page, PageGuard } from '../paths';

const applicationStage: PageGuard = { kind: 'applicationStage' };

/** The pages after approval: their titles and guards (as lib/paths.ts `pages` for the rest). */
export const afterApprovalPages: Readonly<Record<GroupPagePath<'afterApproval'>, Page>> = {
  [paths.approved]: { title: 'Your loan is approved', guard: applicationStage },
  [paths.legacy.phoneNumber]: { title: 'What is your mobile number?', guard: applicationStage },
  [paths.legacy.phoneNumberCode]: { title: 'Check your phone', guard: applicationStage },
  [paths.legacy.partnerDisbursalAccount]: { title: 'Which account should we pay your loan into?', guard: applicationStage },
  [paths.legacy.partnerDisbursalTime]: { title: 'When we pay your loan', guard: applicationStage },
  [paths.legacy.connectBank]: { title: 'Set up your repayments by card', guard: applicationStage },
  [paths.legacy.acquiredSetCpa]: { title: 'Adding your card', guard: applicationStage },
  [paths.legacy.commissionConsent]: { title: 'Your broker’s commission', guard: applicationStage },
  [paths.legacy.commissionDataError]: { title: 'We could not load your broker’s commission', guard: applicationStage },
  [paths.legacy.sign]: { title: 'Sign your credit agreement', guard: applicationStage },
  [paths.legacy.pdfSign]: { title: 'Your credit agreement (PDF)', guard: applicationStage },
  [paths.legacy.identityStart]: { title: 'Check your identity', guard: applicationStage },
  [paths.legacy.postIdv]: { title: 'Your identity check', guard: applicationStage },
  [paths.legacy.shareCode]: { title: 'Prove your identity with a share code', guard: applicationStage },
  [paths.legacy.shareCodeSubmit]: { title: 'Enter your share code', guard: applicationStage },
  [paths.legacy.postIdvShareCode]: { title: 'Checking your share code', guard: applicationStage },
  [paths.legacy.shareCodeComplete]: { title: 'Your identity is confirmed', guard: applicationStage },
  [paths.legacy.changeMyMind]: { title: 'You can still change your mind', guard: applicationStage },
  [paths.legacy.signOver]: { title: 'Your money is on its way', guard: applicationStage },
};
