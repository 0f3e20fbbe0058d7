import { meadowLoans } from '@lender/ui/brands';
import { createBrandTheme } from '@lender/ui/theme';
import { describe, expect, it } from 'vitest';
import { withRootFontSize } from './theme';

/** The px a rem size renders at under a root font size. */
function px(size: string | number | undefined, rootFontPx: number): number {
  return Number.parseFloat(String(size)) * rootFontPx;
}

describe('withRootFontSize', () => {
  const brandTheme = createBrandTheme(meadowLoans);

  it.each([37.5, 32, 54])('keeps every type size at its designed px under a %s px root', (root) => {
    const theme = withRootFontSize(brandTheme, root);

    expect(theme.typography.htmlFontSize).toBe(root);
    expect(px(theme.typography.body1.fontSize, root)).toBeCloseTo(16, 2);
    expect(px(theme.typography.body2.fontSize, root)).toBeCloseTo(14, 2);
    expect(px(theme.typography.button.fontSize, root)).toBeCloseTo(14, 2);
    // The brand theme's h1 is written as 2rem: 32 px on a 16 px root.
    expect(px(theme.typography.h1.fontSize, root)).toBeCloseTo(32, 2);
    expect(px(theme.typography.pxToRem(24), root)).toBeCloseTo(24, 2);
  });

  it('leaves the rest of the theme as it was', () => {
    const theme = withRootFontSize(brandTheme, 37.5);

    expect(theme.palette).toBe(brandTheme.palette);
    expect(theme.brand).toBe(brandTheme.brand);
    expect(theme.typography.fontFamily).toBe(brandTheme.typography.fontFamily);
    expect(theme.typography.h1.color).toBe(meadowLoans.primary);
    expect(brandTheme.typography.htmlFontSize).toBe(16);
  });
});
