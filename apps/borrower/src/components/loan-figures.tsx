import type { components } from '@lender/api-client';
import { formatPence } from '@lender/ui/format';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/** The figures of a priced loan every screen shows the same way (a quote, a loan to confirm, a counteroffer). */
export type LoanFigures = Pick<
  components['schemas']['LoanQuote'],
  | 'amountPence'
  | 'termMonths'
  | 'monthlyInstalmentPence'
  | 'finalInstalmentPence'
  | 'totalPayablePence'
  | 'aprPercent'
  | 'representativeExample'
>;

function Row({ term, children }: { term: string; children: string }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, py: 1.5, borderBottom: 1, borderColor: 'divider' }}>
      <Typography component="dt">{term}</Typography>
      <Typography component="dd" sx={{ m: 0, fontWeight: 700, textAlign: 'right' }}>
        {children}
      </Typography>
    </Box>
  );
}

/** A loan's figures: amount, term, instalment (and a different final one), total payable, APR, representative example. */
export function LoanFiguresView({ loan }: { loan: LoanFigures }) {
  return (
    <>
      <Box component="dl" sx={{ m: 0, mb: 3 }}>
        <Row term="Amount">{formatPence(loan.amountPence)}</Row>
        <Row term="Term">{`${loan.termMonths} months`}</Row>
        <Row term="Monthly instalment">{formatPence(loan.monthlyInstalmentPence)}</Row>
        {loan.finalInstalmentPence === loan.monthlyInstalmentPence ? null : (
          <Row term="Final instalment">{formatPence(loan.finalInstalmentPence)}</Row>
        )}
        <Row term="Total payable">{formatPence(loan.totalPayablePence)}</Row>
        <Row term="APR">{`${loan.aprPercent}% APR`}</Row>
      </Box>
      <Typography component="h2" variant="h6" sx={{ mb: 1 }}>
        Representative example
      </Typography>
      <Typography sx={{ mb: 3 }}>{loan.representativeExample}</Typography>
    </>
  );
}
