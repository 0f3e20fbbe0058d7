import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../lib/paths';

/**
 * The way out offered on the steps after approval, up to signing: an applicant who no longer wants the loan
 * withdraws on /change-my-mind rather than leaving an approved application open.
 */
export function ChangeMyMindLink() {
  return (
    <Typography sx={{ mt: 3 }}>
      <Link component={RouterLink} to={paths.legacy.changeMyMind}>
        I have changed my mind
      </Link>
    </Typography>
  );
}
