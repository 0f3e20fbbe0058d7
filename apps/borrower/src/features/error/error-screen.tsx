import { PageLayout } from '@lender/ui/components/page-layout';
import { AppFooter } from '../../components/app-footer';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../lib/paths';

/**
 * /error (spec §2, §8): where a call answered 'Internal Server Error' leads. It says plainly that the fault is
 * ours, not the person's, and offers one way on: back to the start.
 */
export function ErrorScreen() {
  return (
    <PageLayout title="Sorry, something went wrong" footer={<AppFooter />}>
      <Typography sx={{ mb: 2 }}>There is a problem on our side. It is not something you did.</Typography>
      <Typography sx={{ mb: 4 }}>Please try again in a few minutes.</Typography>
      <Button component={RouterLink} to={paths.root} variant="contained" size="large" fullWidth>
        Go back to the start
      </Button>
    </PageLayout>
  );
}
