import { formatDate } from '@lender/ui/format';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useLocation } from 'react-router';
import type { PersonalDetails } from '../../api/profile';
import { SummaryList } from '../../components/summary-list';
import type { SummaryRow } from '../../components/summary-list';
import { allPages } from '../../lib/pages/all-pages';
import { paths } from '../../lib/paths';
import { ChangeLink, changedWords, DetailsPage, STAFF_CANNOT_CHANGE, SuccessBanner, useStaffActing } from './profile-page';

/** The details as summary rows, each changeable one with its Change link unless staff are acting. */
export function detailRows(details: PersonalDetails, changeable: boolean): SummaryRow[] {
  const change = (to: string, what: string) => (changeable ? <ChangeLink to={to} what={what} /> : undefined);
  const row = (term: string, value: string, action: ReturnType<typeof change>): SummaryRow =>
    action === undefined ? [term, value] : [term, value, action];
  return [
    row('Name', `${details.firstName} ${details.lastName}`, undefined),
    row('Date of birth', details.dateOfBirth === undefined ? 'Not known' : formatDate(details.dateOfBirth), undefined),
    row('Email address', details.email, change(paths.profile.editEmail, 'email address')),
    row('Mobile number', details.phoneMasked === '' ? 'None' : details.phoneMasked, change(paths.profile.editPhone, 'mobile number')),
    row('Address', details.address?.label ?? 'None', change(paths.profile.editAddressA, 'address')),
    row('PIN', details.pinSet ? 'Set' : 'Not set', change(paths.profile.editPin, 'PIN')),
  ];
}

/** The line staff see instead of the Change links. */
function StaffLine() {
  return <Typography sx={{ mb: 3, fontWeight: 700 }}>{STAFF_CANNOT_CHANGE}</Typography>;
}

/**
 * /personal-details: what we hold about the borrower as a GOV.UK summary list (the mobile number masked as the BFF
 * sends it), each changeable item with its Change link; in staff mode no Change links, and a line saying why.
 * After a change it says what changed.
 */
export function PersonalDetailsScreen() {
  const acting = useStaffActing();
  const changed = changedWords(useLocation().state);
  return (
    <DetailsPage title="Your personal details" backTo={paths.profile.hub}>
      {(details) => (
        <>
          {changed === undefined ? null : (
            <SuccessBanner>
              <Typography>{changed}</Typography>
            </SuccessBanner>
          )}
          {acting ? <StaffLine /> : null}
          <SummaryList rows={detailRows(details, !acting)} />
          <Typography sx={{ color: 'text.secondary' }}>
            To change your name or date of birth, contact us: we need to see proof of the change.
          </Typography>
        </>
      )}
    </DetailsPage>
  );
}

/** The profile hub's links, each named by its page's title. */
const HUB_LINKS = [
  [paths.profile.personalDetails, 'Your name, date of birth, email address, mobile number and address'],
  [paths.profile.addressDetails, 'Where we write to you, and your card’s billing address'],
  [paths.profile.editPin, 'The PIN you log in with'],
  [paths.profile.settings, 'Reminders before each payment, by email and text message'],
  [paths.profile.notifications, 'What we have sent you'],
] as const;

/**
 * /profile: the hub of the borrower's own record: who we think they are (name and e-mail), then a link to each
 * profile screen with what it holds. Changing the PIN is not offered to staff.
 */
export function ProfileScreen() {
  const acting = useStaffActing();
  return (
    <DetailsPage title="Your profile" backTo={paths.loanAccount.userMenu}>
      {(details) => (
        <>
          <Typography sx={{ mb: 3 }}>
            {details.firstName} {details.lastName}
            <br />
            <Box component="span" sx={{ overflowWrap: 'anywhere' }}>
              {details.email}
            </Box>
          </Typography>
          <Box component="nav" aria-label="Profile">
            <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
              {HUB_LINKS.filter(([path]) => !(acting && path === paths.profile.editPin)).map(([path, what]) => (
                <Box component="li" key={path} sx={{ py: 1.5, borderBottom: 1, borderColor: 'divider' }}>
                  <Link component={RouterLink} to={path} sx={{ typography: 'h6' }}>
                    {path === paths.profile.editPin ? 'Change your PIN' : allPages[path].title}
                  </Link>
                  <Typography sx={{ color: 'text.secondary' }}>{what}</Typography>
                </Box>
              ))}
            </Box>
          </Box>
        </>
      )}
    </DetailsPage>
  );
}

/**
 * /addressDetails: the address we hold, and that the card's billing address follows it when it changes; the way to
 * change it (not in staff mode).
 */
export function AddressDetailsScreen() {
  const acting = useStaffActing();
  return (
    <DetailsPage title="Your address" backTo={paths.profile.hub}>
      {(details) => (
        <>
          <SummaryList rows={[['Address', details.address?.label ?? 'We do not hold an address for you.']]} />
          <Typography sx={{ mb: 3 }}>
            When you change your address, the billing address of every card you pay with changes to it too.
          </Typography>
          {acting ? (
            <StaffLine />
          ) : (
            <Button component={RouterLink} to={paths.profile.editAddressA} variant="contained" size="large">
              Change your address
            </Button>
          )}
        </>
      )}
    </DetailsPage>
  );
}
