import type { Theme } from '@mui/material/styles';

/** What MUI assumes the root font size is when it turns px into rem. */
const MUI_DEFAULT_HTML_FONT_PX = 16;

function round(value: number): number {
  return Math.round(value * 1e8) / 1e8;
}

/**
 * The theme with its rem sizes re-expressed for a root font size of `rootFontPx` (spec §9 sets it to a tenth
 * of the window width, 32 px to 54 px). MUI writes type sizes in rem assuming a 16 px root, so with the
 * specification's root its body text would be 2 to 3.4 times too large. This sets `typography.htmlFontSize`
 * to the real root size: every `rem` the theme already computed (each variant's `fontSize`, including the
 * brand theme's `h1`), and every size components compute later through `typography.pxToRem`, then keeps its
 * designed px size on every device.
 */
export function withRootFontSize(theme: Theme, rootFontPx: number): Theme {
  const source = theme.typography;
  const from = source.htmlFontSize || MUI_DEFAULT_HTML_FONT_PX;
  const coef = source.fontSize / 14;
  const rescale = (value: unknown): unknown => {
    if (typeof value !== 'string') return value;
    const match = /^(-?\d*\.?\d+)rem$/.exec(value.trim());
    return match ? `${round((Number(match[1]) * from) / rootFontPx)}rem` : value;
  };
  const typography: Record<string, unknown> = {
    ...source,
    htmlFontSize: rootFontPx,
    pxToRem: (px: number) => `${round((px / rootFontPx) * coef)}rem`,
  };
  for (const [key, variant] of Object.entries(source) as [string, unknown][]) {
    if (typeof variant === 'object' && variant !== null && 'fontSize' in variant) {
      typography[key] = { ...variant, fontSize: rescale(variant.fontSize) };
    }
  }
  return { ...theme, typography: typography as unknown as Theme['typography'] };
}
