import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { components } from '@lender/api-client';
import { useCallback, useEffect, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { useFormContext } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import { z } from 'zod';
import { postcodeAddressesQuery } from '../../api/eligibility';
import { fetchServerData } from '../../api/query-client';
import { parseAddress } from '../../lib/address-parsing';
import {
  HISTORY_MONTHS,
  MAX_ADDRESSES,
  monthNumber,
  movedInMonthNumber,
  movedInText,
} from '../../lib/application-draft';
import type { DraftAddress, ManualAddressParts } from '../../lib/application-draft';
import type { DateProblem } from '../date-input';
import { DateAnswer, RadiosAnswer, serverFieldErrors, TextAnswer } from '../question';

/**
 * The address history, asked the same way by both application journeys (the legacy /amount address steps, the
 * one-page /loan/verify-address step) and by borrow-more later: an address found by its postcode or typed by
 * hand, the month moved in to it, and the rule that the addresses reach back 3 years. Each journey words its
 * questions as it always has; the answers and their checks are these.
 */

export { MAX_ADDRESSES };

type PostcodeAddress = components['schemas']['PostcodeAddress'];

/** A moving-in date is a month and a year. */
export const MOVED_IN_PARTS = ['month', 'year'] as const;
export type MovedInPart = (typeof MOVED_IN_PARTS)[number];
export type MovedInProblem = DateProblem<MovedInPart>;

/** A moving-in month as typed: the month (`1`–`12`) and the four-digit year. */
export type MovedIn = Pick<DraftAddress, 'movedInMonth' | 'movedInYear'>;

/** What a journey says about a moving-in date that will not do. */
export interface MovedInWords {
  empty: string;
  noMonth: string;
  noYear: string;
  notReal: string;
  future: string;
  /** The date is not before the move to the newer address (`later`, as people read it: `June 2020`). */
  notBefore: (later: string) => string;
}

const BOTH: readonly MovedInPart[] = MOVED_IN_PARTS;

/**
 * What is wrong with a moving-in month and year as typed, and which parts it is about, or undefined when it is a
 * real month (of `earliestYear` or after), not in the future, and strictly before the moving-in month of the
 * newer address (`later`, none for the current address).
 */
export function movedInProblemOf(
  words: MovedInWords,
  typed: MovedIn,
  today: Date,
  { later, earliestYear = 0 }: { later?: MovedIn | undefined; earliestYear?: number } = {},
): MovedInProblem | undefined {
  const month = typed.movedInMonth.trim();
  const year = typed.movedInYear.trim();
  if (month === '' && year === '') return { message: words.empty, parts: BOTH };
  if (month === '') return { message: words.noMonth, parts: ['month'] };
  if (year === '') return { message: words.noYear, parts: ['year'] };
  const number = movedInMonthNumber(typed);
  if (number === undefined || Number(year) < earliestYear) return { message: words.notReal, parts: BOTH };
  if (number > monthNumber(today.getFullYear(), today.getMonth() + 1)) return { message: words.future, parts: BOTH };
  const laterNumber = later === undefined ? undefined : movedInMonthNumber(later);
  if (later !== undefined && laterNumber !== undefined && number >= laterNumber) {
    return { message: words.notBefore(movedInText(later)), parts: BOTH };
  }
  return undefined;
}

/**
 * The rule of both journeys: the addresses reach back 3 years when the earliest moving-in month (a month number,
 * lib/application-draft.ts) is at least HISTORY_MONTHS months before today's.
 */
export function reachesBackThreeYears(earliest: number | undefined, today: Date): boolean {
  return earliest !== undefined && monthNumber(today.getFullYear(), today.getMonth() + 1) - earliest >= HISTORY_MONTHS;
}

/** The month and year moved in to an address (`name` holds `{ month, year }`), as a GOV.UK date without a day. */
export function MovedInAnswer({
  name,
  legend,
  hideLegend,
  hint,
}: {
  name: string;
  legend: string;
  hideLegend?: boolean;
  hint: string;
}) {
  return <DateAnswer name={name} legend={legend} hideLegend={hideLegend} hint={hint} parts={MOVED_IN_PARTS} />;
}

/**
 * The flat, the house name and the number as one line (`Flat 2 Rose Court 14`): a name picked from the postcode
 * list ("Gull Cottage") is kept whether or not the address also has a number.
 */
export function houseLineOf(address: Partial<Pick<ManualAddressParts, 'flat' | 'houseName' | 'houseNumber'>> | undefined): string {
  return [address?.flat, address?.houseName, address?.houseNumber].filter(Boolean).join(' ');
}

/** An address of the postcode list as the history keeps it: its line split by the parsing rule of spec §3. */
export function addressOfFound(address: PostcodeAddress): Omit<DraftAddress, 'movedInMonth' | 'movedInYear'> {
  const parts = parseAddress(address.line);
  return {
    gazetteerId: address.id,
    flat: parts.flat,
    houseName: parts.house_name,
    houseNumber: parts.house_number,
    street: parts.street,
    town: address.town,
    county: address.county,
    postcode: address.postcode,
    label: address.label,
  };
}

/** What a postcode lookup found: the postcode as the gazetteer writes it, and its addresses. */
export interface FoundAddresses {
  postcode: string;
  addresses: readonly PostcodeAddress[];
}

/** The answers of a postcode lookup page: the postcode typed and the id of the address chosen. */
export const postcodeLookupShape = {
  postcode: z.string(),
  address: z.string().refine((id) => id !== '', { message: 'Select your address' }),
};

/** The postcode box and Find address; the lookup's link to type the address by hand when it finds nothing. */
export function PostcodeLookupAnswers({
  found,
  onFound,
  manualPath,
}: {
  /** What the last lookup found, undefined before one (or after one failed). */
  found: FoundAddresses | undefined;
  onFound: (found: FoundAddresses | undefined) => void;
  /** Where the address is typed by hand instead. */
  manualPath: string;
}) {
  const { getValues, setValue, setError, clearErrors } = useFormContext<{ postcode: string; address: string }>();
  const [busy, setBusy] = useState(false);

  const lookUp = useCallback(
    (postcode: string) =>
      fetchServerData(postcodeAddressesQuery(postcode.trim()))
        .then((answer) => {
          onFound({ postcode: answer.postcode, addresses: answer.addresses });
          clearErrors();
        })
        .catch((error: unknown) => {
          onFound(undefined);
          // A malformed postcode is told by the field; any other failure by the shared error table.
          const message = serverFieldErrors(error, { field: 'postcode' })?.postcode;
          if (message !== undefined) {
            clearErrors();
            setError('postcode', { type: 'server', message });
          }
        })
        .finally(() => {
          setBusy(false);
        }),
    [onFound, clearErrors, setError],
  );

  // After a refresh (or when changing an address found by its postcode), show the same list again.
  const [initialPostcode] = useState(() => getValues('postcode'));
  useEffect(() => {
    if (initialPostcode.trim().length >= 5) void lookUp(initialPostcode);
  }, [initialPostcode, lookUp]);

  function find() {
    const postcode = getValues('postcode').trim();
    clearErrors();
    if (postcode === '') {
      setError('postcode', { type: 'required', message: 'Enter a postcode' });
      return;
    }
    setValue('address', '');
    setBusy(true);
    void lookUp(postcode);
  }

  return (
    <>
      <Box sx={{ mb: 4 }}>
        <TextAnswer
          name="postcode"
          label="Postcode"
          hint="For example, LM1 1AA"
          input={{
            autoComplete: 'postal-code',
            spellCheck: false,
            maxLength: 10,
            // Enter in the postcode finds its addresses, as Find address does.
            onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => {
              if (event.key !== 'Enter') return;
              event.preventDefault();
              find();
            },
          }}
          sx={{ mb: 2, maxWidth: '12em' }}
        />
        <Button variant="outlined" size="large" disabled={busy} onClick={find}>
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
        <RadiosAnswer
          name="address"
          legend="Select your address"
          hint={`${found.addresses.length === 1 ? '1 address found' : `${String(found.addresses.length)} addresses found`} for ${found.postcode}`}
          options={found.addresses.map((address) => ({ value: address.id, label: address.label }))}
        />
      ) : null}
    </>
  );
}

/** Below the lookup: the way to type the address by hand, unless the lookup found nothing (it says so itself). */
export function ManualAddressLink({ found, manualPath }: { found: FoundAddresses | undefined; manualPath: string }) {
  if (found?.addresses.length === 0) return null;
  return (
    <Typography sx={{ mt: 3 }}>
      <Link component={RouterLink} to={manualPath}>
        {found === undefined ? 'Enter the address manually' : 'I cannot find my address in the list'}
      </Link>
    </Typography>
  );
}

/** The fields of an address typed by hand, in the order shown, with the contract's limits (EligibilityAddress). */
export const MANUAL_FIELDS: readonly {
  key: keyof ManualAddressParts;
  label: string;
  max: number;
  autoComplete: string;
  required: string | undefined;
}[] = [
  { key: 'flat', label: 'Flat, apartment or unit (optional)', max: 60, autoComplete: 'address-line2', required: undefined },
  { key: 'houseName', label: 'House name (optional)', max: 100, autoComplete: 'off', required: undefined },
  { key: 'houseNumber', label: 'House number (optional)', max: 20, autoComplete: 'off', required: undefined },
  { key: 'street', label: 'Street', max: 100, autoComplete: 'address-line1', required: 'Enter the street' },
  { key: 'town', label: 'Town or city', max: 60, autoComplete: 'address-level2', required: 'Enter the town or city' },
  { key: 'county', label: 'County (optional)', max: 60, autoComplete: 'address-level1', required: undefined },
  { key: 'postcode', label: 'Postcode', max: 10, autoComplete: 'postal-code', required: 'Enter a postcode' },
];

/** A UK postcode: outward code A9, A99, A9A, AA9, AA99 or AA9A, then a digit and two letters other than C, I, K, M, O, V. */
const POSTCODE = /^[A-Z]{1,2}\d[A-Z\d]?\d[ABD-HJLNP-UW-Z]{2}$/;

/** A postcode as the gazetteer writes it (`lm1 1aa` → `LM1 1AA`), or undefined when it is not a UK postcode. */
export function normalisePostcode(text: string): string | undefined {
  const compact = text.replace(/\s+/g, '').toUpperCase();
  if (!POSTCODE.test(compact)) return undefined;
  return `${compact.slice(0, -3)} ${compact.slice(-3)}`;
}

/**
 * The parts after the parsing rule of spec §3: an address typed (or filled in by the browser) as one
 * comma-separated line in the street field is split into flat, house name, house number and street, filling
 * only the parts left empty.
 */
export function splitStreetLine(parts: ManualAddressParts): ManualAddressParts {
  if (!parts.street.includes(',')) return parts;
  const parsed = parseAddress(parts.street);
  return {
    ...parts,
    flat: parts.flat.trim() === '' ? parsed.flat : parts.flat,
    houseName: parts.houseName.trim() === '' ? parsed.house_name : parts.houseName,
    houseNumber: parts.houseNumber.trim() === '' ? parsed.house_number : parts.houseNumber,
    street: parsed.street,
  };
}

/** What is wrong with an address typed by hand, one message per field, in the order of the fields. */
export function manualAddressErrors(parts: ManualAddressParts): { fieldId: keyof ManualAddressParts; message: string }[] {
  const errors: { fieldId: keyof ManualAddressParts; message: string }[] = [];
  for (const field of MANUAL_FIELDS) {
    const value = parts[field.key].trim();
    const name = field.label.replace(' (optional)', '');
    if (value === '' && field.required !== undefined) errors.push({ fieldId: field.key, message: field.required });
    else if (value.length > field.max) {
      errors.push({ fieldId: field.key, message: `${name} must be ${String(field.max)} characters or fewer` });
    } else if (field.key === 'postcode' && value !== '' && normalisePostcode(value) === undefined) {
      errors.push({ fieldId: 'postcode', message: 'Enter a real postcode, like LM1 1AA' });
    }
    if (field.key === 'houseNumber' && parts.houseName.trim() === '' && value === '') {
      errors.push({ fieldId: 'houseNumber', message: 'Enter a house name or number' });
    }
  }
  return errors;
}

const manualText = z.string();

/** An address typed by hand, checked as above, to its parts trimmed with the postcode as the gazetteer writes it. */
export const manualAddressSchema = z
  .object({
    flat: manualText,
    houseName: manualText,
    houseNumber: manualText,
    street: manualText,
    town: manualText,
    county: manualText,
    postcode: manualText,
  })
  .superRefine((parts, context) => {
    for (const { fieldId, message } of manualAddressErrors(parts)) context.addIssue({ code: 'custom', message, path: [fieldId] });
  })
  .transform(
    (parts): ManualAddressParts => ({
      flat: parts.flat.trim(),
      houseName: parts.houseName.trim(),
      houseNumber: parts.houseNumber.trim(),
      street: parts.street.trim(),
      town: parts.town.trim(),
      county: parts.county.trim(),
      postcode: normalisePostcode(parts.postcode) ?? parts.postcode.trim(),
    }),
  );

/** The GOV.UK address fields, each as typed. */
export function ManualAddressAnswers() {
  return (
    <>
      {MANUAL_FIELDS.map((field) => (
        <TextAnswer
          key={field.key}
          name={field.key}
          label={field.label}
          input={{ autoComplete: field.autoComplete, spellCheck: false, maxLength: field.max }}
          sx={{ mb: 3, ...(field.key === 'postcode' || field.key === 'houseNumber' ? { maxWidth: '12em' } : {}) }}
        />
      ))}
    </>
  );
}
