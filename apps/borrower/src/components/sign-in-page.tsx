import { useBrand } from '@lender/ui/brand';
import { PageLayout } from '@lender/ui/components/page-layout';
import type { PageLayoutProps } from '@lender/ui/components/page-layout';
import { useBrandStore } from '../lib/brand-store';
import { AppFooter } from './app-footer';
import { SignedInHeader } from './signed-in-header';

/**
 * The frame of every screen but the first: the brand's page layout, with the signed-in header in its banner, the
 * brand's footer, and
 * the brand asked of the BFF when nobody has yet (someone can arrive on any of these screens first, from an e-mail
 * or a redirect).
 */
export function SignInPage(props: Omit<PageLayoutProps, 'headerEnd'>) {
  useBrand(useBrandStore);
  return <PageLayout {...props} headerEnd={<SignedInHeader />} footer={<AppFooter />} />;
}
