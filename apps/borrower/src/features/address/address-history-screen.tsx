import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { SyntheticEvent } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { paths } from '../../lib/paths';
import { ErrorSummary } from '../../components/error-summary';
import type { FieldError } from '../../components/error-summary';
import { SignInPage } from '../../components/sign-in-page';
import { lookupPath } from '../../lib/amount-guard';
import { historyCovers, keepApplicationAnswers, MAX_ADDRESSES, movedInText, readApplicationDraft } from '../../lib/application-draft';
import { recordAddressOperation } from '../../lib/legacy-stages';
import { movedInPath } from './address-entry';
import { visuallyHidden } from '../../components/visually-hidden';

/** The name of an address of the history in the summary list. */
export function historyName(entry: number): string {
  return entry === 0 ? 'Current address' : `Previous address ${String(entry)}`;
}

/**
 * /amount/address_history: the addresses of the last 3 years (the GOV.UK summary list), each with its
 * moving-in month and a link to change it; an earlier address can be removed. Continue leads on to housing
 * only once the addresses reach back 3 years.
 */
export function AddressHistoryScreen() {
  const navigate = useNavigate();
  const [addresses, setAddresses] = useState(() => readApplicationDraft().addresses);
  const [errors, setErrors] = useState<FieldError[]>([]);
  const covered = historyCovers(addresses, new Date());
  const canAdd = !covered && addresses.length < MAX_ADDRESSES;

  function remove(entry: number) {
    const next = addresses.filter((_, index) => index !== entry);
    setAddresses(next);
    setErrors([]);
    keepApplicationAnswers({ addresses: next, addressInProgress: null });
  }

  function submit(event: SyntheticEvent) {
    event.preventDefault();
    if (covered) {
      // The addresses the lender asked a signed-in applicant for again are recorded here; otherwise housing is next.
      recordAddressOperation(readApplicationDraft()).then(
        (next) => navigate(next ?? paths.amount.rentCost, { replace: next !== undefined }),
        () => undefined,
      );
      return;
    }
    setErrors([{ fieldId: 'add-address', message: 'Add your addresses for the last 3 years' }]);
  }

  const last = Math.max(0, addresses.length - 1);
  return (
    <SignInPage title="Your addresses in the last 3 years" backTo={movedInPath(last)}>
      <ErrorSummary errors={errors} />
      <Box component="dl" sx={{ m: 0, mb: 3 }}>
        {addresses.map((address, entry) => (
          <Box
            key={`${String(entry)}-${address.label}`}
            sx={{
              display: 'grid',
              gridTemplateColumns: { xs: '1fr auto', sm: '2fr 3fr auto' },
              columnGap: 2,
              py: 1.5,
              borderBottom: 1,
              borderColor: 'divider',
            }}
          >
            <Typography component="dt" sx={{ fontWeight: 700, gridColumn: { xs: '1 / -1', sm: 'auto' } }}>
              {historyName(entry)}
            </Typography>
            <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
              {address.label}
              <Box component="span" sx={{ display: 'block', color: 'text.secondary' }}>
                Moved in {movedInText(address)}
              </Box>
            </Typography>
            <Typography component="dd" sx={{ m: 0, textAlign: 'right' }}>
              <Link component={RouterLink} to={lookupPath(entry)} sx={{ display: 'block' }}>
                Change<Box component="span" sx={visuallyHidden}>{` ${historyName(entry).toLowerCase()}`}</Box>
              </Link>
              {entry === 0 ? null : (
                <Link
                  component="button"
                  type="button"
                  onClick={() => {
                    remove(entry);
                  }}
                  sx={{ display: 'block', ml: 'auto', typography: 'body1' }}
                >
                  Remove<Box component="span" sx={visuallyHidden}>{` ${historyName(entry).toLowerCase()}`}</Box>
                </Link>
              )}
            </Typography>
          </Box>
        ))}
      </Box>
      {covered ? null : (
        <Typography sx={{ mb: 3 }}>
          These addresses do not yet go back 3 years.{' '}
          {canAdd ? (
            <Link id="add-address" component={RouterLink} to={lookupPath(addresses.length)}>
              Add an earlier address
            </Link>
          ) : null}
        </Typography>
      )}
      <Box component="form" noValidate onSubmit={submit}>
        <Button type="submit" variant="contained" size="large" fullWidth>
          Continue
        </Button>
      </Box>
    </SignInPage>
  );
}
