import { ErrorCodes } from '@lender/api-client';
import type { components } from '@lender/api-client';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Link from '@mui/material/Link';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useState } from 'react';
import type { SyntheticEvent } from 'react';
import { Link as RouterLink, useLocation, useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../lib/paths';
import { ErrorSummary } from '../../components/error-summary';
import type { FieldError } from '../../components/error-summary';
import { FormField } from '../../components/form-field';
import { inlineMessage } from '../../components/inline-message';
import { SignInPage } from '../../components/sign-in-page';
import { parseAddress } from '../../lib/address-parsing';
import { entryPath } from '../../lib/amount-guard';
import { api } from '../../lib/api';
import { readApplicationDraft } from '../../lib/application-draft';
import {
  addressQuestion,
  inProgressFor,
  keepAddress,
  keepInProgress,
  lookupBackPath,
  movedInPath,
  screenEntry,
} from './address-entry';

type PostcodeAddress = components['schemas']['PostcodeAddress'];

/** The catalogue's code for a request the BFF refuses as invalid: a malformed postcode (docs/api-errors.md). */
const BAD_REQUEST = ErrorCodes.badRequest;

type Found = { postcode: string; addresses: PostcodeAddress[] } | undefined;

/**
 * /amount/address (the current address) and /amount/previous_address?entry=n (an earlier one): the GOV.UK
 * "find an address" pattern. A postcode is looked up (eligibility/postCodeQuery), then an address is chosen
 * from the list; an address not in the list, or a postcode with none, is typed on /amount/manual_address.
 * The postcode is kept as typed, and looked up again after a refresh.
 */
export function AddressLookupScreen() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [search] = useSearchParams();
  const entry = screenEntry(pathname, search);
  const [progress, setProgress] = useState(() => inProgressFor(entry));
  const [found, setFound] = useState<Found>(undefined);
  // The address already kept for this entry stays chosen when the list shows it again.
  const [chosen, setChosen] = useState(() => readApplicationDraft().addresses[entry]?.gazetteerId ?? '');
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [busy, setBusy] = useState(false);
  const title = addressQuestion(entry);
  const manualPath = entryPath(paths.amount.manualAddress, entry);

  const lookUp = useCallback((postcode: string) => {
    return api
      .get('/eligibility/postCodeQuery', { params: { query: { postCode: postcode.trim() } } })
      .then((answer) => {
        setFound({ postcode: answer.postcode, addresses: answer.addresses });
        setErrors([]);
      })
      .catch((error: unknown) => {
        setFound(undefined);
        // A malformed postcode is told by the field; any other failure by the shared error table.
        const message = inlineMessage(error, [BAD_REQUEST]);
        if (message !== undefined) setErrors([{ fieldId: 'postcode', message }]);
      })
      .finally(() => {
        setBusy(false);
      });
  }, []);

  // After a refresh (or when changing an address found by its postcode), show the same list again.
  const [initialPostcode] = useState(progress.postcode);
  useEffect(() => {
    if (initialPostcode.trim().length >= 5) void lookUp(initialPostcode);
  }, [initialPostcode, lookUp]);

  function find(event: SyntheticEvent) {
    event.preventDefault();
    const postcode = progress.postcode.trim();
    if (postcode === '') {
      setErrors([{ fieldId: 'postcode', message: 'Enter a postcode' }]);
      return;
    }
    setChosen('');
    setBusy(true);
    void lookUp(postcode);
  }

  function choose(event: SyntheticEvent) {
    event.preventDefault();
    const address = found?.addresses.find((candidate) => candidate.id === chosen);
    if (address === undefined) {
      setErrors([{ fieldId: 'address', message: 'Select your address' }]);
      return;
    }
    const parts = parseAddress(address.line);
    keepAddress(entry, {
      gazetteerId: address.id,
      flat: parts.flat,
      houseName: parts.house_name,
      houseNumber: parts.house_number,
      street: parts.street,
      town: address.town,
      county: address.county,
      postcode: address.postcode,
      label: address.label,
    });
    void navigate(movedInPath(entry));
  }

  const postcodeError = errors.find((error) => error.fieldId === 'postcode')?.message;
  const chooseError = errors.find((error) => error.fieldId === 'address')?.message;

  return (
    <SignInPage title={title} backTo={lookupBackPath(entry)}>
      <ErrorSummary errors={errors} />
      <Box component="form" noValidate onSubmit={find} sx={{ mb: 4 }}>
        <FormField
          id="postcode"
          name="postcode"
          label="Postcode"
          hint="For example, LM1 1AA"
          value={progress.postcode}
          error={postcodeError}
          onChange={(event) => {
            const next = { ...progress, postcode: event.target.value };
            setProgress(next);
            keepInProgress(next);
          }}
          input={{ autoComplete: 'postal-code', spellCheck: false, maxLength: 10 }}
          sx={{ mb: 2, maxWidth: '12em' }}
        />
        <Button type="submit" variant="outlined" size="large" disabled={busy}>
          Find address
        </Button>
      </Box>

      {found?.addresses.length === 0 ? (
        <Box role="status" sx={{ mb: 3 }}>
          <Typography sx={{ mb: 1 }}>We could not find any addresses for {found.postcode}.</Typography>
          <Typography>
            Check the postcode, or{' '}
            <Link component={RouterLink} to={manualPath}>
              enter the address manually
            </Link>
            .
          </Typography>
        </Box>
      ) : null}

      {found !== undefined && found.addresses.length > 0 ? (
        <Box component="form" noValidate onSubmit={choose}>
          <FormControl
            component="fieldset"
            error={chooseError !== undefined}
            aria-describedby={chooseError === undefined ? undefined : 'address-error'}
            sx={{ mb: 3, display: 'block' }}
          >
            <FormLabel component="legend" sx={{ typography: 'h6', color: 'text.primary', mb: 1 }}>
              Select your address
            </FormLabel>
            <Typography role="status" sx={{ typography: 'body2', mb: 1 }}>
              {found.addresses.length === 1 ? '1 address found' : `${String(found.addresses.length)} addresses found`} for{' '}
              {found.postcode}
            </Typography>
            {chooseError === undefined ? null : (
              <FormHelperText id="address-error" sx={{ typography: 'body2', mx: 0, mb: 1 }}>
                {chooseError}
              </FormHelperText>
            )}
            <RadioGroup
              name="address"
              value={chosen}
              onChange={(event) => {
                setChosen(event.target.value);
              }}
            >
              {found.addresses.map((address, index) => (
                <FormControlLabel
                  key={address.id}
                  value={address.id}
                  control={<Radio id={index === 0 ? 'address' : `address-${address.id}`} />}
                  label={address.label}
                />
              ))}
            </RadioGroup>
          </FormControl>
          <Button type="submit" variant="contained" size="large" fullWidth sx={{ mb: 3 }}>
            Continue
          </Button>
        </Box>
      ) : null}

      {found?.addresses.length === 0 ? null : (
        <Typography>
          <Link component={RouterLink} to={manualPath}>
            {found === undefined ? 'Enter the address manually' : 'I cannot find my address in the list'}
          </Link>
        </Typography>
      )}
    </SignInPage>
  );
}
