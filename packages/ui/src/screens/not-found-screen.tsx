import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';

export interface NotFoundScreenProps {
  /** Where "Go back" leads: the app's start (its `paths.root`). */
  backTo: string;
}

/** Any path the app does not know (spec §2). Render it inside the app's router. */
export function NotFoundScreen({ backTo }: NotFoundScreenProps) {
  return (
    <Container component="main" maxWidth="sm" sx={{ py: 6 }}>
      <Typography variant="h1" gutterBottom>
        404 page not found...
      </Typography>
      <Link component={RouterLink} to={backTo}>
        Go back
      </Link>
    </Container>
  );
}
