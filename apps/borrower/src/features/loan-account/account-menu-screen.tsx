import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router';
import { LoanScreen } from '../../components/loan-screen';
import { pages, paths } from '../../lib/paths';

/** The account menu's links, in the order a borrower looks for them, each named by its page's title. */
const ITEMS = [
  paths.legacy.loanDashboardMain,
  paths.loanAccount.manageMyLoan,
  paths.loanAccount.schedule,
  paths.loanAccount.transactions,
  paths.loanAccount.statements,
  paths.loanAccount.legalDocuments,
  paths.contactUs,
] as const;

/**
 * /userMenu1: the account menu, a list of the loan-account screens and the way to contact us. The profile and
 * settings screens join it when they are built.
 */
export function UserMenuScreen() {
  return (
    <LoanScreen title="Your account" backTo={paths.legacy.loanDashboardMain}>
      {() => (
        <Box component="nav" aria-label="Account menu">
          <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {ITEMS.map((path) => (
              <Box component="li" key={path} sx={{ py: 1.5, borderBottom: 1, borderColor: 'divider' }}>
                <Link component={RouterLink} to={path} sx={{ typography: 'h6' }}>
                  {pages[path].title}
                </Link>
              </Box>
            ))}
          </Box>
        </Box>
      )}
    </LoanScreen>
  );
}
