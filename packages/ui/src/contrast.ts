import { alpha } from '@mui/material/styles';
import type { Theme } from '@mui/material/styles';

/** An sRGB colour with its opacity: channels 0–255, alpha 0–1. */
interface Rgba {
  r: number;
  g: number;
  b: number;
  a: number;
}

const HEX = /^#([0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const RGB = /^rgba?\(\s*([\d.]+)\s*,\s*([\d.]+)\s*,\s*([\d.]+)\s*(?:,\s*([\d.]+)\s*)?\)$/i;

/** Reads a `#rgb`, `#rrggbb`, `#rrggbbaa`, `rgb(r, g, b)` or `rgba(r, g, b, a)` colour, the forms the theme holds. */
export function parseColour(colour: string): Rgba {
  const text = colour.trim();
  const hex = HEX.exec(text)?.[1];
  if (hex !== undefined) {
    const digits = hex.length === 3 ? hex.replace(/./g, '$&$&') : hex;
    const channel = (index: number) => Number.parseInt(digits.slice(index * 2, index * 2 + 2), 16);
    return { r: channel(0), g: channel(1), b: channel(2), a: digits.length === 8 ? channel(3) / 255 : 1 };
  }
  const rgb = RGB.exec(text);
  if (rgb !== null) {
    const [, r = '', g = '', b = '', a = '1'] = rgb;
    return { r: Number(r), g: Number(g), b: Number(b), a: Number(a) };
  }
  throw new Error(`${colour} is not a colour the contrast check reads`);
}

function rgbString({ r, g, b }: Rgba): string {
  return `rgb(${Math.round(r)}, ${Math.round(g)}, ${Math.round(b)})`;
}

/** The opaque colour a translucent `foreground` shows over an opaque `background`. */
export function composite(foreground: string, background: string): string {
  const fg = parseColour(foreground);
  const bg = parseColour(background);
  if (bg.a < 1) throw new Error(`the background ${background} is not opaque`);
  const mix = (f: number, b: number) => f * fg.a + b * (1 - fg.a);
  return rgbString({ r: mix(fg.r, bg.r), g: mix(fg.g, bg.g), b: mix(fg.b, bg.b), a: 1 });
}

/** WCAG 2.x relative luminance of an opaque colour: 0 for black, 1 for white. */
export function relativeLuminance(colour: string): number {
  const { r, g, b, a } = parseColour(colour);
  if (a < 1) throw new Error(`${colour} is not opaque`);
  const linear = (channel: number) => {
    const c = channel / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/**
 * The WCAG 2.x contrast ratio of `foreground` drawn on `background`, from 1 (none) to 21 (black on white).
 * A translucent foreground is first laid over the (opaque) background, as the browser draws it.
 */
export function contrastRatio(foreground: string, background: string): number {
  const lighter = relativeLuminance(composite(foreground, background));
  const darker = relativeLuminance(background);
  const [high, low] = lighter >= darker ? [lighter, darker] : [darker, lighter];
  return (high + 0.05) / (low + 0.05);
}

/** What a colour pair draws, which decides its minimum contrast under WCAG 2.2 AA. */
export type ContrastUse = 'text' | 'large text' | 'control' | 'focus ring';

/**
 * The least contrast each use needs: text 4.5:1 (SC 1.4.3); large text 3:1 (SC 1.4.3: 24 px, or 18.66 px bold);
 * the parts of a control that show it is there or what state it is in 3:1 (SC 1.4.11); a focus ring 3:1
 * against what it sits on (SC 1.4.11 and 2.4.13).
 */
export const minimumContrast: Record<ContrastUse, number> = {
  text: 4.5,
  'large text': 3,
  control: 3,
  'focus ring': 3,
};

export interface ContrastPair {
  /** Where the theme draws the pair. */
  what: string;
  use: ContrastUse;
  foreground: string;
  /** Opaque. */
  background: string;
}

/**
 * Every foreground/background pair a brand theme (`createBrandTheme`) draws, read from the theme itself so the
 * list follows the colours the theme computes: MUI's contrast text and hover colours, and the theme's own
 * input border and focus ring. Disabled controls are left out: WCAG exempts them, and no information is drawn
 * in the disabled colour.
 */
export function themeContrastPairs(theme: Theme): ContrastPair[] {
  const { palette, brand } = theme;
  const page = palette.background.default;
  const dialog = palette.background.paper;
  const outlinedHover = composite(alpha(palette.primary.main, palette.action.hoverOpacity), page);
  const heading = theme.typography.h1.color;
  return [
    { what: 'body text', use: 'text', foreground: palette.text.primary, background: page },
    { what: 'body text in a dialog', use: 'text', foreground: palette.text.primary, background: dialog },
    { what: 'hint text', use: 'text', foreground: palette.text.secondary, background: page },
    { what: 'hint text in a dialog', use: 'text', foreground: palette.text.secondary, background: dialog },
    { what: 'link, outlined and text button', use: 'text', foreground: palette.primary.main, background: page },
    { what: 'link in a dialog', use: 'text', foreground: palette.primary.main, background: dialog },
    { what: 'outlined button, hovered', use: 'text', foreground: palette.primary.main, background: outlinedHover },
    { what: 'error message', use: 'text', foreground: palette.error.main, background: page },
    { what: 'error message in a dialog', use: 'text', foreground: palette.error.main, background: dialog },
    { what: 'contained button, notice', use: 'text', foreground: palette.primary.contrastText, background: palette.primary.main },
    { what: 'contained button, hovered', use: 'text', foreground: palette.primary.contrastText, background: palette.primary.dark },
    { what: 'header text', use: 'text', foreground: brand.headerTextColor, background: brand.headerColor },
    { what: 'warning banner heading', use: 'text', foreground: palette.warning.contrastText, background: palette.warning.main },
    {
      what: 'page heading (h1, 32 px bold)',
      use: 'large text',
      foreground: typeof heading === 'string' ? heading : palette.text.primary,
      background: page,
    },
    { what: 'input border', use: 'control', foreground: brand.inputBorder, background: page },
    { what: 'input border, focused', use: 'control', foreground: palette.primary.main, background: page },
    { what: 'input border, in error', use: 'control', foreground: palette.error.main, background: page },
    { what: 'outlined button border', use: 'control', foreground: palette.primary.main, background: page },
    { what: 'warning banner border', use: 'control', foreground: palette.warning.main, background: page },
    { what: 'radio and checkbox, unchecked', use: 'control', foreground: palette.text.secondary, background: page },
    { what: 'radio and checkbox checked, progress bar', use: 'control', foreground: palette.primary.main, background: page },
    { what: 'header control border (currentColor)', use: 'control', foreground: brand.headerTextColor, background: brand.headerColor },
    { what: 'focus ring', use: 'focus ring', foreground: brand.focusRing, background: page },
    { what: 'focus ring in a dialog', use: 'focus ring', foreground: brand.focusRing, background: dialog },
    { what: 'focus ring in the header, skip link over it', use: 'focus ring', foreground: brand.headerTextColor, background: brand.headerColor },
  ];
}
