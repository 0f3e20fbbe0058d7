import { formatPence } from '@lender/ui/format';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { loanMenuQuery } from '../../api/loan';
import type { LoanMenuItem } from '../../api/loan';
import { LoanDataScreen } from '../../components/loan-screen';
import { menuEntry } from '../../lib/loan-account';
import { paths } from '../../lib/paths';

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
