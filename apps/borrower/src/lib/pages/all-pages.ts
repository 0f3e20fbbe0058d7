import { pages } from '../paths';
import type { Page, PagePath } from '../paths';
import { afterApprovalPages } from './after-approval';
import { loanAccountPages } from './loan-account';
import { documentPages } from './loan-documents';
import { payingPages } from './paying';

/**
 * Every page of the app with its title and guard: the entry's (lib/paths.ts `pages`) and each route group's. For a
 * screen that names other pages by their titles (a menu) and for the tests; never for the first screen, which would
 * then carry every group's titles.
 */
export const allPages: Readonly<Record<PagePath, Page>> = {
  ...pages,
  ...loanAccountPages,
  ...afterApprovalPages,
  ...documentPages,
  ...payingPages,
};
