import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';

function reloadPage(): void {
  window.location.reload();
}

export interface RouteErrorScreenProps {
  /** What "Reload the page" does; reloads the page unless a test says otherwise. */
  onReload?: () => void;
}

/**
 * Shown when a screen fails to load or render (for example after a release replaced its code). Use it as the
 * `ErrorBoundary` of the root route.
 */
export function RouteErrorScreen({ onReload = reloadPage }: RouteErrorScreenProps) {
  return (
    <Container component="main" maxWidth="sm" sx={{ py: 6 }}>
      <Typography variant="h1" gutterBottom>
        Sorry, something went wrong
      </Typography>
      <Typography sx={{ mb: 3 }}>Reload the page to try again.</Typography>
      <Button
        variant="contained"
        onClick={() => {
          onReload();
        }}
      >
        Reload the page
      </Button>
    </Container>
  );
}
