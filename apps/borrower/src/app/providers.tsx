import { createBrandTheme } from '@lender/ui/theme';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { useEffect, useMemo } from 'react';
import type { ReactNode } from 'react';
import { useAppBrand } from '../lib/app-brand';
import { useLayoutStore } from '../lib/layout';
import { withRootFontSize } from '../lib/theme';

/**
 * The page's icon is the brand's (its configured iconURL, served with its other files at /brand-assets/); until
 * the BFF answers, the app's own. Its title is the page's own, then the brand's (lib/page-title.ts).
 */
function useBrandIcon(iconURL: string | undefined): void {
  useEffect(() => {
    const icon = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
    if (icon) icon.href = iconURL ?? `${import.meta.env.BASE_URL}favicon.svg`;
  }, [iconURL]);
}

/**
 * Themes the whole app with its brand (see useAppBrand) at the root font size of the layout (spec §9), and
 * gives the page the brand's icon.
 *
 * Not `BrandThemeProvider` of `@lender/ui/brand`: that one draws the default brand until the BFF answers,
 * and its theme assumes a 16 px root font.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  const { tokens, config } = useAppBrand();
  const rootFontPx = useLayoutStore((state) => state.rootFontPx);
  const theme = useMemo(
    () => withRootFontSize(createBrandTheme(tokens, config ?? {}), rootFontPx),
    [tokens, config, rootFontPx],
  );
  useBrandIcon(config?.iconURL);

  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      {children}
    </ThemeProvider>
  );
}
