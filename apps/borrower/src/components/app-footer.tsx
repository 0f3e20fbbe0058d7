import { BrandFooter } from '@lender/ui/components/brand-footer';
import { useAppBrand } from '../lib/app-brand';
import { paths } from '../lib/paths';

/** The brand's footer once the BFF has answered the brand (nothing before: every value in it is the brand's). */
export function AppFooter() {
  const { config } = useAppBrand();
  return config === undefined ? null : <BrandFooter brand={config} contactPath={paths.contactUs} />;
}
