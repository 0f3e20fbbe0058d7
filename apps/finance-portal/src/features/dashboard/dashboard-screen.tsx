import Typography from '@mui/material/Typography';

/** The portal's home for a signed-in user. */
export function DashboardScreen() {
  return (
    <Typography variant="h1" gutterBottom>
      Dashboard
    </Typography>
  );
}
