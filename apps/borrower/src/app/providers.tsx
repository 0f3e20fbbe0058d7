import type { BrandConfig } from '@lender/api-client';
import { BrandThemeProvider } from '@lender/ui/brand';
import type { ReactNode } from 'react';
import { useBrandStore } from '../lib/brand-store';

function documentTitle(brand: BrandConfig): string {
  return brand.displayName;
}

/** Themes the whole app with the brand the BFF names, or the default brand until it has answered. */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <BrandThemeProvider store={useBrandStore} documentTitle={documentTitle}>
      {children}
    </BrandThemeProvider>
  );
}
