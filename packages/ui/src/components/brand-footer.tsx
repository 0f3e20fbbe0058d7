import type { BrandConfig } from '@lender/api-client';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';

export interface BrandFooterProps {
  /** The BFF's configuration of the brand the app is drawn with. */
  brand: BrandConfig;
  /** The app's contact-us route. */
  contactPath: string;
}

/**
 * The foot of every screen (the `contentinfo` landmark): the brand's terms, privacy, FAQ and contact links, and the
 * legal identity a UK lender shows, with its Financial Conduct Authority authorisation. All of it is the brand's
 * configuration. Its links are typography as anchors, not MUI's Link, to keep the first screen's bundle small.
 */
export function BrandFooter({ brand, contactPath }: BrandFooterProps) {
  const links: [string, string][] = [
    ['Terms and conditions', brand.termsURL],
    ['Privacy notice', brand.privacyURL],
    ['Questions and answers', brand.faqURL],
  ];
  return (
    <Box component="footer" sx={{ borderTop: 1, borderColor: 'divider', mt: 4 }}>
      <Container maxWidth="sm" sx={{ py: 3 }}>
        <Box component="nav" aria-label="About us" sx={{ mb: 2 }}>
          <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', flexWrap: 'wrap', gap: 2 }}>
            {links.map(([label, href]) => (
              <li key={label}>
                <Typography component="a" href={href} variant="body2" sx={{ color: 'inherit' }}>
                  {label}
                </Typography>
              </li>
            ))}
            <li>
              <Typography component={RouterLink} to={contactPath} variant="body2" sx={{ color: 'inherit' }}>
                Contact us
              </Typography>
            </li>
          </Box>
        </Box>
        <Typography variant="body2" sx={{ mb: 1 }}>
          {brand.registeredName} is authorised and regulated by the Financial Conduct Authority, firm reference number{' '}
          {brand.fcaFirmReference}.
        </Typography>
        <Typography variant="body2">
          Registered company number {brand.companyNumber}. Registered office: {brand.registeredAddress}.
        </Typography>
      </Container>
    </Box>
  );
}
