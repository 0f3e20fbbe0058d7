import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { paths } from '../lib/paths';

/** A screen loaded on demand. */
function screen(path: string, load: () => Promise<ComponentType>): RouteObject {
  return { path, lazy: async () => ({ Component: await load() }) };
}

/** Routes of the legacy pending stages' screens, spread into the root's children by routes.tsx; each screen is lazy. */
export const legacyRoutes: RouteObject[] = [
  screen(
    paths.legacy.emailVerifyAgain,
    async () => (await import('../features/legacy/email-verify-screen')).EmailVerifyAgainScreen,
  ),
  screen(
    paths.legacy.emailUpdate,
    async () => (await import('../features/legacy/email-update-screen')).EmailUpdateScreen,
  ),
  screen(paths.legacy.connectAccounts, async () => (await import('../features/legacy/bank-screens')).ConnectAccountsScreen),
  screen(paths.legacy.bankC, async () => (await import('../features/legacy/bank-screens')).BankReturnScreen),
  screen(paths.legacy.bankView, async () => (await import('../features/legacy/bank-screens')).BankViewScreen),
  screen(paths.legacy.allSubmit, async () => (await import('../features/legacy/submit-screens')).AllSubmitScreen),
  screen(paths.legacy.incomeVerify, async () => (await import('../features/legacy/income-screens')).IncomeVerifyScreen),
  screen(paths.legacy.incomeVerify2, async () => (await import('../features/legacy/income-screens')).IncomeVerify2Screen),
  screen(paths.legacy.allDone, async () => (await import('../features/legacy/submit-screens')).AllDoneScreen),
  screen(paths.legacy.allDone2, async () => (await import('../features/legacy/submit-screens')).AllDone2Screen),
  screen(paths.legacy.application, async () => (await import('../features/legacy/application-screen')).ApplicationScreen),
  screen(
    paths.legacy.addressUpdated,
    async () => (await import('../features/legacy/address-updated-screen')).AddressUpdatedScreen,
  ),
];
