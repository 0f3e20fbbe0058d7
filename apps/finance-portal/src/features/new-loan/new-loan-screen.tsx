import Typography from '@mui/material/Typography';

/** Where a broker creates a loan offer. */
export function NewLoanScreen() {
  return (
    <Typography variant="h1" gutterBottom>
      New loan
    </Typography>
  );
}
