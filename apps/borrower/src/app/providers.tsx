import type { BrandTokens } from '@lender/ui/brands';
import { createBrandTheme } from '@lender/ui/theme';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { useEffect, useMemo } from 'react';
import type { ReactNode } from 'react';
import { useAppBrand } from '../lib/app-brand';
import { useLayoutStore } from '../lib/layout';
import { withRootFontSize } from '../lib/theme';

const FAVICONS: Record<string, string> = {
  harbour: 'favicon-harbour.svg',
};

/** The page's icon is the brand's; its title is the page's own, then the brand's (lib/page-title.ts). */
function useBrandIcon(tokens: BrandTokens): void {
  useEffect(() => {
    const icon = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
    if (icon) icon.href = `${import.meta.env.BASE_URL}${FAVICONS[tokens.clientName] ?? 'favicon.svg'}`;
  }, [tokens.clientName]);
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
  useBrandIcon(tokens);

  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      {children}
    </ThemeProvider>
  );
}
