import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useState } from 'react';
import type { SyntheticEvent } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { ErrorSummary } from '../../components/error-summary';
import type { FieldError } from '../../components/error-summary';
import { FormField } from '../../components/form-field';
import { SignInPage } from '../../components/sign-in-page';
import { lookupPath } from '../../lib/amount-guard';
import { addressLabelOf } from '../../lib/application-draft';
import { addressQuestion, inProgressFor, keepAddress, keepInProgress, movedInPath, screenEntry } from './address-entry';
import { MANUAL_FIELDS, manualAddressErrors, normalisePostcode, splitStreetLine } from './manual-address';

/**
 * /amount/manual_address?entry=n: an address typed by hand (the GOV.UK address pattern), when the postcode
 * lookup does not list it. Each field is kept as typed, so a refresh loses nothing.
 */
export function ManualAddressScreen() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [search] = useSearchParams();
  const entry = screenEntry(pathname, search);
  // The postcode looked up before coming here starts the postcode field.
  const [progress, setProgress] = useState(() => {
    const kept = inProgressFor(entry);
    return kept.manual.postcode === '' ? { ...kept, manual: { ...kept.manual, postcode: kept.postcode } } : kept;
  });
  const [errors, setErrors] = useState<FieldError[]>([]);

  function submit(event: SyntheticEvent) {
    event.preventDefault();
    const manual = splitStreetLine(progress.manual);
    const next = { ...progress, manual };
    setProgress(next);
    keepInProgress(next);
    const found = manualAddressErrors(manual);
    setErrors(found);
    if (found.length > 0) return;
    const parts = { ...manual, postcode: normalisePostcode(manual.postcode) ?? manual.postcode };
    const trimmed = Object.fromEntries(Object.entries(parts).map(([key, value]) => [key, value.trim()])) as typeof parts;
    keepAddress(entry, { gazetteerId: '', ...trimmed, label: addressLabelOf(trimmed) });
    void navigate(movedInPath(entry));
  }

  return (
    <SignInPage title={addressQuestion(entry)} backTo={lookupPath(entry)}>
      <ErrorSummary errors={errors} />
      <Box component="form" noValidate onSubmit={submit}>
        {MANUAL_FIELDS.map((field) => (
          <FormField
            key={field.key}
            id={field.key}
            name={field.key}
            label={field.label}
            value={progress.manual[field.key]}
            error={errors.find((error) => error.fieldId === field.key)?.message}
            onChange={(event) => {
              const next = { ...progress, manual: { ...progress.manual, [field.key]: event.target.value } };
              setProgress(next);
              keepInProgress(next);
            }}
            input={{ autoComplete: field.autoComplete, spellCheck: false, maxLength: field.max }}
            sx={{ mb: 3, ...(field.key === 'postcode' || field.key === 'houseNumber' ? { maxWidth: '12em' } : {}) }}
          />
        ))}
        <Button type="submit" variant="contained" size="large" fullWidth>
          Continue
        </Button>
      </Box>
    </SignInPage>
  );
}
