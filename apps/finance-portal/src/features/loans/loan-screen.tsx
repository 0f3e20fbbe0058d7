import Typography from '@mui/material/Typography';
import { useParams } from 'react-router';

/** One loan, by the reference in the URL (the route's loader has checked its format). */
export function LoanScreen() {
  const { loanId } = useParams();
  return (
    <Typography variant="h1" gutterBottom>
      Loan {loanId}
    </Typography>
  );
}
