import Button from '@mui/material/Button';
import OutlinedInput from '@mui/material/OutlinedInput';
import { ThemeProvider } from '@mui/material/styles';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { brands, unnamedBrand } from './brands';
import { composite, contrastRatio, minimumContrast, parseColour, themeContrastPairs } from './contrast';
import { createBrandTheme } from './theme';

describe('contrastRatio', () => {
  it.each([
    ['#000000', '#ffffff', 21],
    ['#ffffff', '#000000', 21],
    ['#1d6b3e', '#1d6b3e', 1],
    ['#fff', '#ffffff', 1],
    // The lightest grey that passes 4.5:1 on white, and the darker grey next to it that fails.
    ['#767676', '#ffffff', 4.54],
    ['#777777', '#ffffff', 4.48],
  ])('%s on %s is %f:1', (foreground, background, ratio) => {
    expect(contrastRatio(foreground, background)).toBeCloseTo(ratio, 2);
  });

  it('lays a translucent foreground over the background first', () => {
    expect(composite('rgba(0, 0, 0, 0.5)', '#ffffff')).toBe('rgb(128, 128, 128)');
    expect(contrastRatio('rgba(0, 0, 0, 0)', '#fbf7ec')).toBe(1);
    expect(contrastRatio('rgba(0, 0, 0, 0.87)', '#ffffff')).toBeCloseTo(contrastRatio('rgb(33, 33, 33)', '#ffffff'), 1);
  });

  it('reads the colour forms the theme holds and refuses anything else', () => {
    expect(parseColour('#0b6468')).toEqual({ r: 11, g: 100, b: 104, a: 1 });
    expect(parseColour('#0b646880')).toMatchObject({ r: 11, a: 128 / 255 });
    expect(parseColour('rgba(29, 107, 62, 0.04)')).toEqual({ r: 29, g: 107, b: 62, a: 0.04 });
    expect(() => contrastRatio('teal', '#ffffff')).toThrow('teal');
    expect(() => contrastRatio('#000000', 'rgba(0, 0, 0, 0.5)')).toThrow('not opaque');
  });
});

const drawn = [
  ...Object.values(brands).map((brand) => ({ name: brand.displayName, brand })),
  { name: 'a brand the app does not carry, while it loads', brand: unnamedBrand },
];

describe.each(drawn)('the theme of $name', ({ brand }) => {
  const theme = createBrandTheme(brand);

  it.each(themeContrastPairs(theme))('draws $what ($foreground on $background) at WCAG 2.2 AA contrast', (pair) => {
    expect(contrastRatio(pair.foreground, pair.background)).toBeGreaterThanOrEqual(minimumContrast[pair.use]);
  });

  it('draws the input border, outlined button border and focus ring it lists', () => {
    const { container } = render(
      <ThemeProvider theme={theme}>
        <OutlinedInput inputProps={{ 'aria-label': 'Amount' }} />
        <Button variant="outlined">Find address</Button>
      </ThemeProvider>,
    );

    expect(container.querySelector('fieldset')).toHaveStyle({ borderColor: theme.brand.inputBorder });
    const outlined = getComputedStyle(screen.getByRole('button', { name: 'Find address' }));
    expect(outlined.borderTopColor).toBe(outlined.color);
    const ring = { outline: `3px solid ${theme.brand.focusRing}`, outlineOffset: '2px' };
    expect(theme.components?.MuiButtonBase?.styleOverrides?.root).toEqual({ '&.Mui-focusVisible': ring });
    expect(theme.components?.MuiLink?.styleOverrides?.root).toEqual({ '&:focus-visible': ring });
  });
});

describe('themeContrastPairs', () => {
  it('follows the colours the theme is given, so a weak colour from the brand configuration shows', () => {
    const theme = createBrandTheme(brands.default, { primary: '#7fbf7f' });
    const link = themeContrastPairs(theme).find((pair) => pair.what === 'link, outlined and text button');

    expect(link?.foreground).toBe('#7fbf7f');
    expect(contrastRatio(link?.foreground ?? '', link?.background ?? '')).toBeLessThan(minimumContrast.text);
  });

  it('asks 4.5:1 of text and 3:1 of large text, controls and focus rings', () => {
    expect(minimumContrast).toEqual({ text: 4.5, 'large text': 3, control: 3, 'focus ring': 3 });
  });
});
