import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { headerFocusRing } from '../theme';

export interface PageLayoutProps {
  /** The page's one h1. */
  title: string;
  /** Where the back link leads (the previous step's path); no back link without it. */
  backTo?: string;
  /** The back link's text. */
  backLabel?: string;
  /** The screen's content, under the h1 in the main landmark. */
  children?: ReactNode;
  /**
   * What the app shows at the banner's end, beside the brand's name: the signed-in person's name and their ways
   * on and out. The banner wraps it onto its own line when both do not fit.
   */
  headerEnd?: ReactNode;
  /** What follows the column: the brand's footer (the `contentinfo` landmark). */
  footer?: ReactNode;
}

/**
 * The frame of a screen (DESIGN §6, after the GOV.UK Design System): a banner in the brand's header colours
 * with the brand's name, then a column at most 600 px wide (16 px side margins on a 375 px phone) holding the
 * back link, when there is one, before the `main` landmark, and in `main` the page's only h1 and the screen.
 * Brand name and colours come from the theme (createBrandTheme). A screen's own headings start at h2.
 */
export function PageLayout({ title, backTo, backLabel = 'Back', children, headerEnd, footer }: PageLayoutProps) {
  const { brand } = useTheme();

  return (
    <>
      <Box component="header" sx={{ bgcolor: brand.headerColor, color: brand.headerTextColor, ...headerFocusRing }}>
        <Container
          maxWidth="sm"
          sx={{ py: 1.5, display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}
        >
          <Typography component="p" variant="h6" sx={{ fontWeight: 700, display: 'flex', alignItems: 'center', gap: 1 }}>
            {brand.logoURL === undefined ? null : (
              // Decorative: the brand's name beside it says the same.
              <Box component="img" src={brand.logoURL} alt="" width={32} height={32} sx={{ flexShrink: 0 }} />
            )}
            {brand.displayName}
          </Typography>
          {headerEnd}
        </Container>
      </Box>
      <Container maxWidth="sm" sx={{ pt: 2, pb: 6 }}>
        {backTo === undefined ? null : (
          <Link
            component={RouterLink}
            to={backTo}
            color="inherit"
            sx={{ display: 'inline-block', py: 1, typography: 'body2', fontWeight: 600 }}
          >
            <Box component="span" aria-hidden sx={{ mr: 0.5 }}>
              ‹
            </Box>
            {backLabel}
          </Link>
        )}
        <Box component="main" sx={{ pt: 2 }}>
          <Typography variant="h1" sx={{ mb: 3, overflowWrap: 'break-word' }}>
            {title}
          </Typography>
          {children}
        </Box>
      </Container>
      {footer}
    </>
  );
}
