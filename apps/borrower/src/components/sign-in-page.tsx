import { useBrand } from '@lender/ui/brand';
import { PageLayout } from '@lender/ui/components/page-layout';
import type { PageLayoutProps } from '@lender/ui/components/page-layout';
import { useBrandStore } from '../lib/brand-store';

/**
 * The frame of every sign-in screen: the brand's page layout, with the brand asked of the BFF when nobody has
 * yet (someone can arrive on any of these screens first, from an e-mail or a redirect).
 */
export function SignInPage(props: PageLayoutProps) {
  useBrand(useBrandStore);
  return <PageLayout {...props} />;
}
