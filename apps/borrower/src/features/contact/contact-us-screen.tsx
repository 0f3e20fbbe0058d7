import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { SignInPage } from '../../components/sign-in-page';
import { Loading } from '../../components/load-state';
import { useAppBrand } from '../../lib/app-brand';


/** A phone number as a tel: link takes it: digits only (the brand writes it in UK national format). */
function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

/**
 * /contact-us: how to reach the brand's support, from the brand's configuration: its phone (a tel: link), its
 * e-mail address (mailto:), its help desk and its contact page.
 */
export function ContactUsScreen() {
  const { config } = useAppBrand();
  const title = 'Contact us';
  if (config === undefined) {
    return (
      <SignInPage title={title}>
        <Loading label="Loading our contact details" />
      </SignInPage>
    );
  }
  const ways: [string, string, string][] = [
    ['Phone', telHref(config.phone), config.phone],
    ['E-mail', `mailto:${config.email}`, config.email],
    ['Chat', config.helpDeskURL, 'Chat with us on our help desk'],
    ['Other ways', config.contactURL, `All the ways to contact ${config.displayName}`],
  ];
  return (
    <SignInPage title={title}>
      <Typography sx={{ mb: 3 }}>Our team can help with your application, your loan and your repayments.</Typography>
      <Box component="dl" sx={{ m: 0 }}>
        {ways.map(([term, href, text]) => (
          <Box key={term} sx={{ mb: 2 }}>
            <Typography component="dt" sx={{ fontWeight: 600 }}>
              {term}
            </Typography>
            <Typography component="dd" sx={{ m: 0 }}>
              <Typography component="a" href={href} variant="inherit" sx={{ color: 'primary.main' }}>
                {text}
              </Typography>
            </Typography>
          </Box>
        ))}
      </Box>
    </SignInPage>
  );
}
