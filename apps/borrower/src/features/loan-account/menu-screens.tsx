import { formatPence } from '@lender/ui/format';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { loanMenuQuery } from '../../api/loan';
import type { LoanMenuItem } from '../../api/loan';
import { LoanDataScreen, LoanScreen } from '../../components/loan-screen';
import { menuEntry } from '../../lib/loan-account';
import { allPages } from '../../lib/pages/all-pages';
import { paths } from '../../lib/paths';

/** The account menu's links, in the order a borrower looks for them, each named by its page's title. */
const ITEMS = [
  paths.legacy.loanDashboardMain,
  paths.loanAccount.manageMyLoan,
  paths.loanAccount.schedule,
  paths.loanAccount.transactions,
  paths.loanAccount.statements,
  paths.loanAccount.legalDocuments,
  paths.profile.hub,
  paths.profile.personalDetails,
  paths.profile.notifications,
  paths.profile.settings,
  paths.contactUs,
] as const;

/**
 * /userMenu1: the account menu, a list of the loan-account screens, the borrower's profile, messages and
 * reminders, and the way to contact us.
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
                  {allPages[path].title}
                </Link>
              </Box>
            ))}
          </Box>
        </Box>
      )}
    </LoanScreen>
  );
}

/**
 * /manage-my-loan: what the borrower can do with the chosen loan, as the BFF decides it from the loan's state
 * (loanAction/manageMyLoanMenu). An open item is a link to its screen; a closed one is not a link, and says why.
 */
export function ManageMyLoanScreen() {
  return (
    <LoanDataScreen
      title="Manage your loan"
      backTo={paths.legacy.loanDashboardMain}
      read={(loanId) => loanMenuQuery('/loanAction/manageMyLoanMenu', loanId)}
      loadingLabel="Loading what you can do"
      failedMessage="We could not load what you can do."
    >
      {({ items }) =>
        items.length === 0 ? (
          <Typography>There is nothing to do with this loan here. Contact us if you need help.</Typography>
        ) : (
          <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {items.map((item) => (
              <MenuItem key={item.action} item={item} />
            ))}
          </Box>
        )
      }
    </LoanDataScreen>
  );
}

function MenuItem({ item }: { item: LoanMenuItem }) {
  const entry = menuEntry(item);
  return (
    <Box component="li" sx={{ py: 1.5, borderBottom: 1, borderColor: 'divider' }}>
      {entry.kind === 'link' ? (
        <>
          <Link component={RouterLink} to={entry.to} sx={{ typography: 'h6' }}>
            {entry.label}
          </Link>
          {entry.amountPence === undefined ? null : <Typography>{formatPence(entry.amountPence)}</Typography>}
        </>
      ) : (
        <>
          <Typography sx={{ typography: 'h6' }}>{entry.label}</Typography>
          <Typography sx={{ color: 'text.secondary' }}>{entry.reason}</Typography>
        </>
      )}
    </Box>
  );
}
