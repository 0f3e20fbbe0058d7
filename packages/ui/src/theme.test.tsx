import Button from '@mui/material/Button';
import { ThemeProvider } from '@mui/material/styles';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { brandConfigOf } from './testing';
import { brands, buttonRadii, createBrandTheme, harbourCredit, meadowLoans, warningColour } from './theme';

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

  it('takes the brand configuration of the BFF as it comes as its overrides', () => {
    const config = brandConfigOf(harbourCredit, { primary: '#654321', headerTextColor: '#fafafa', termsURL: 'https://example.test/terms' });

    const theme = createBrandTheme(harbourCredit, config);

    expect(theme.palette.primary.main).toBe('#654321');
    expect(theme.brand.headerTextColor).toBe('#fafafa');
    expect(theme.brand.primaryAlt).toBe(harbourCredit.primaryAlt);
  });

  it('keeps the brand colour when an override is not a colour', () => {
    const theme = createBrandTheme(harbourCredit, { primary: 'url(javascript:alert(1))', errorColor: '' });

    expect(theme.palette.primary.main).toBe('#0b6468');
    expect(theme.palette.error.main).toBe(harbourCredit.errorColor);
  });

  it('draws a warning in one amber that is no brand’s colour, with white text on it', () => {
    for (const brand of Object.values(brands)) {
      const { palette } = createBrandTheme(brand);
      expect(palette.warning.main).toBe(warningColour);
      expect(palette.warning.contrastText).toBe('#ffffff');
      expect([brand.primary, brand.primaryAlt, brand.headerColor]).not.toContain(warningColour);
    }
  });

  it('carries the button radii of the specification', () => {
    const theme = createBrandTheme(meadowLoans);

    expect(buttonRadii).toEqual({ standard: '34px', pill: '50px' });
    expect(theme.brand.radii).toEqual({ button: '34px', buttonPill: '50px' });
    expect(theme.components?.MuiButton?.styleOverrides?.root).toMatchObject({ borderRadius: '34px' });
  });

  it('draws buttons with the 34px radius and large (pill) buttons with the 50px radius', () => {
    render(
      <ThemeProvider theme={createBrandTheme(meadowLoans)}>
        <Button variant="contained">Continue</Button>
        <Button variant="contained" size="large">
          Submit application
        </Button>
      </ThemeProvider>,
    );

    expect(screen.getByRole('button', { name: 'Continue' })).toHaveStyle({ borderRadius: '34px' });
    expect(screen.getByRole('button', { name: 'Submit application' })).toHaveStyle({ borderRadius: '50px' });
  });
});
