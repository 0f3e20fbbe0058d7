import { expiringSessionStorage } from '@lender/api-client/storage';
import { create } from 'zustand';
import { loansQuery } from '../api/loan';
import type { LoanSummary } from '../api/loan';
import { useServerData } from '../api/query-client';
import type { Load } from '../api/query-client';
import { onSessionChange } from '../api/session-change';
import { chosenLoanOf } from './loan-account';
import { sessionStorageKeys } from './storage-keys';

interface ChosenLoanState {
  /** The id of the loan chosen in this tab, or null when none has been (the newest is shown). */
  loanId: string | null;
  choose: (loanId: string) => void;
  /** Reads session storage again (a test's fresh start). */
  sync: () => void;
}

const read = () => expiringSessionStorage.getItem(sessionStorageKeys.chosenLoan);

/**
 * The loan a borrower with several chose to look at: every loan screen is about it. Kept per tab in session
 * storage (it survives a reload; two tabs may show two loans), never in a URL, and forgotten when the session
 * changes, so one person's choice never carries over to another's loans.
 */
export const useChosenLoanStore = create<ChosenLoanState>()((set) => ({
  loanId: read(),
  choose: (loanId) => {
    expiringSessionStorage.setItem(sessionStorageKeys.chosenLoan, loanId);
    set({ loanId });
  },
  sync: () => {
    set({ loanId: read() });
  },
}));

onSessionChange(() => {
  expiringSessionStorage.removeItem(sessionStorageKeys.chosenLoan);
  useChosenLoanStore.getState().sync();
});

/** The borrower's loans and the one the screens are about (undefined only when they have none). */
export interface ChosenLoan {
  loans: readonly LoanSummary[];
  loan: LoanSummary | undefined;
}

/** Reads the borrower's loans through the cache, with the chosen one, for a screen (see useServerData). */
export function useChosenLoan(): { result: Load<ChosenLoan>; retry: () => void } {
  const { result, retry } = useServerData(loansQuery);
  const chosenId = useChosenLoanStore((state) => state.loanId);
  if (result.state !== 'ready') return { result, retry };
  return { result: { state: 'ready', value: { loans: result.value, loan: chosenLoanOf(result.value, chosenId) } }, retry };
}
