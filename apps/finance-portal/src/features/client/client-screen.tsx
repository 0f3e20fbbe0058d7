import { useBrand } from '@lender/ui/brand';
import { PageLayout } from '@lender/ui/components/page-layout';
import { PageLoading } from '@lender/ui/screens/page-loading';
import { useParams } from 'react-router';
import { useBrandStore } from '../../lib/brand-store';

/**
 * The page a broker's client opens for their loan: standalone, with no sign-in and none of the portal's
 * navigation, framed like the borrower's screens. It waits for the brand, so a white-label client never sees
 * the default brand's name first. The route's loader has checked the reference's format.
 */
export function ClientScreen() {
  const { loanId = '' } = useParams();
  const { state } = useBrand(useBrandStore);

  if (state.status === 'idle' || state.status === 'loading') return <PageLoading />;

  return <PageLayout title={`Loan ${loanId}`} />;
}
