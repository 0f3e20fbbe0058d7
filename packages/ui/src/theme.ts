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

/**
 * The border of a text input before it has focus: the theme's secondary text colour, so an input stands out
 * from the page at 3:1 or more on either brand's background (WCAG 1.4.11); MUI's own faint grey does not.
 */
export const inputBorderColour = 'rgba(0, 0, 0, 0.6)';

/**
 * The colour of a warning (a loan in arrears): a dark amber that is no brand's colour, so a warning never reads as
 * the brand's own notice, with white text on it at 4.5:1 or more and 3:1 or more against every brand's page.
 */
export const warningColour = '#8a4500';

/**
 * For a banner in the header colours: its controls are drawn in the header's text colour, and so is their focus
 * ring, which the theme's ring colour (the primary, often the header's own colour) would hide.
 */
export const headerFocusRing = { '& .Mui-focusVisible, & a:focus-visible': { outlineColor: 'currentColor' } } as const;

export interface BrandThemeTokens extends BrandTokens {
  radii: { button: string; buttonPill: string };
  /**
   * The outline every focused button, link and control shows (3 px, 2 px away): the primary colour, which is what
   * a screen names when it draws a ring of its own. In the header it is the header's text colour.
   */
  focusRing: string;
  /** The border of a text input that has no focus and no error. */
  inputBorder: string;
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
  const colours = { ...brand, ...validColours(overrides) };
  const tokens: BrandThemeTokens = {
    ...colours,
    radii: { button: buttonRadii.standard, buttonPill: buttonRadii.pill },
    focusRing: colours.primary,
    inputBorder: inputBorderColour,
  };
  const focusRing = { outline: `3px solid ${tokens.focusRing}`, outlineOffset: '2px' };

  return createTheme({
    brand: tokens,
    palette: {
      primary: { main: tokens.primary, dark: tokens.primaryAlt },
      secondary: { main: tokens.primaryAlt },
      error: { main: tokens.errorColor },
      warning: { main: warningColour, contrastText: '#ffffff' },
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
      MuiButtonBase: {
        styleOverrides: {
          root: { '&.Mui-focusVisible': focusRing },
        },
      },
      MuiLink: {
        styleOverrides: {
          root: { '&:focus-visible': focusRing },
        },
      },
      MuiButton: {
        styleOverrides: {
          root: { borderRadius: tokens.radii.button },
          sizeLarge: { borderRadius: tokens.radii.buttonPill },
          // The border in the text's colour, not MUI's half-transparent one, so it shows at 3:1 (WCAG 1.4.11).
          outlined: { borderColor: 'currentColor' },
        },
      },
      MuiOutlinedInput: {
        styleOverrides: {
          // Touch screens have no hover; MUI puts its faint border back there, so the override repeats.
          root: { '@media (hover: none)': { '&:hover .MuiOutlinedInput-notchedOutline': { borderColor: tokens.inputBorder } } },
          notchedOutline: { borderColor: tokens.inputBorder },
        },
      },
      MuiAppBar: {
        styleOverrides: {
          root: { backgroundColor: tokens.headerColor, color: tokens.headerTextColor, ...headerFocusRing },
        },
      },
    },
  });
}
