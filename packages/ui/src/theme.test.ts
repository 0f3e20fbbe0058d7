import { describe, expect, it } from 'vitest';
import { buttonRadii, createBrandTheme, harbourCredit, meadowLoans } from './theme';

describe('createBrandTheme', () => {
  it('draws the default brand in its green on cream', () => {
    const theme = createBrandTheme(meadowLoans);

    expect(theme.palette.primary.main).toBe('#1d6b3e');
    expect(theme.palette.background.default).toBe('#fbf7ec');
    expect(theme.brand.displayName).toBe('Meadow Loans');
  });

  it('gives the white-label brand its own teal primary', () => {
    const defaultTheme = createBrandTheme(meadowLoans);
    const whiteLabel = createBrandTheme(harbourCredit);

    expect(whiteLabel.palette.primary.main).toBe('#0b6468');
    expect(whiteLabel.palette.primary.main).not.toBe(defaultTheme.palette.primary.main);
    expect(whiteLabel.brand.clientName).toBe('harbour');
  });

  it('applies the per-client colours of the brand configuration', () => {
    const theme = createBrandTheme(meadowLoans, {
      primary: '#123456',
      primaryAlt: '#0a1b2c',
      backgroundColor: '#ffffff',
      errorColor: '#aa0000',
      headerColor: '#222222',
      headerTextColor: '#eeeeee',
    });

    expect(theme.palette.primary.main).toBe('#123456');
    expect(theme.palette.secondary.main).toBe('#0a1b2c');
    expect(theme.palette.background.default).toBe('#ffffff');
    expect(theme.palette.error.main).toBe('#aa0000');
    expect(theme.brand.headerColor).toBe('#222222');
    expect(theme.brand.headerTextColor).toBe('#eeeeee');
  });

  it('keeps the brand colour when an override is not a colour', () => {
    const theme = createBrandTheme(harbourCredit, { primary: 'url(javascript:alert(1))', errorColor: '' });

    expect(theme.palette.primary.main).toBe('#0b6468');
    expect(theme.palette.error.main).toBe(harbourCredit.errorColor);
  });

  it('carries the button radii of the specification', () => {
    const theme = createBrandTheme(meadowLoans);

    expect(buttonRadii).toEqual({ standard: '34px', pill: '50px' });
    expect(theme.brand.radii).toEqual({ button: '34px', buttonPill: '50px' });
    expect(theme.components?.MuiButton?.styleOverrides?.root).toMatchObject({ borderRadius: '34px' });
  });
});
