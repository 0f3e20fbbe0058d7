import { createTheme } from '@mui/material/styles';
import type { Theme } from '@mui/material/styles';
import type { BrandTokens } from './brands';

export { brandTokens, brands, harbourCredit, meadowLoans } from './brands';
export type { BrandTokens } from './brands';

/** The colour fields of the BFF's BrandConfig that override a brand's tokens. */
export type BrandOverrides = Partial<
  Pick<BrandTokens, 'primary' | 'primaryAlt' | 'backgroundColor' | 'errorColor' | 'headerColor' | 'headerTextColor'>
>;

/**
 * Button corner radii of the specification (§9). Every MUI `Button` of a brand theme has the standard radius;
 * a `size="large"` button (the pill-shaped call to action at the foot of a journey screen) has the pill radius.
 */
export const buttonRadii = {
  /** Every button unless it is large. */
  standard: '34px',
  /** `<Button size="large">`: the pill-shaped call to action. */
  pill: '50px',
} as const;

export interface BrandThemeTokens extends BrandTokens {
  radii: { button: string; buttonPill: string };
}

declare module '@mui/material/styles' {
  interface Theme {
    brand: BrandThemeTokens;
  }
  interface ThemeOptions {
    brand?: BrandThemeTokens;
  }
}

const COLOUR = /^(#[0-9a-f]{3}|#[0-9a-f]{6}|#[0-9a-f]{8}|rgba?\([\d\s.,%]+\))$/i;

/** Keeps only overrides that are colours MUI can compute with; anything else keeps the brand's token. */
function validColours(overrides: BrandOverrides): BrandOverrides {
  return Object.fromEntries(
    Object.entries(overrides).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string' && COLOUR.test(entry[1].trim()),
    ),
  );
}

/** The MUI theme of a brand, with the per-client colours of the BFF's brand configuration applied. */
export function createBrandTheme(brand: BrandTokens, overrides: BrandOverrides = {}): Theme {
  const tokens: BrandThemeTokens = {
    ...brand,
    ...validColours(overrides),
    radii: { button: buttonRadii.standard, buttonPill: buttonRadii.pill },
  };
  return createTheme({
    brand: tokens,
    palette: {
      primary: { main: tokens.primary, dark: tokens.primaryAlt },
      secondary: { main: tokens.primaryAlt },
      error: { main: tokens.errorColor },
      background: { default: tokens.backgroundColor },
    },
    typography: {
      fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif',
      h1: { fontSize: '2rem', fontWeight: 700, lineHeight: 1.25, letterSpacing: 0, color: tokens.primary },
      button: { textTransform: 'none', fontWeight: 600 },
    },
    components: {
      MuiCssBaseline: {
        styleOverrides: {
          body: { borderTop: `6px solid ${tokens.headerColor}` },
        },
      },
      MuiButton: {
        styleOverrides: {
          root: { borderRadius: tokens.radii.button },
          sizeLarge: { borderRadius: tokens.radii.buttonPill },
        },
      },
      MuiAppBar: {
        styleOverrides: {
          root: { backgroundColor: tokens.headerColor, color: tokens.headerTextColor },
        },
      },
    },
  });
}
