import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { FieldError } from '../../components/error-summary';
import { FormField } from '../../components/form-field';
import { api } from '../../lib/api';
import { readApplicationDraft } from '../../lib/application-draft';
import { keepOnePageAnswers, readOnePageAnswers } from './answers-draft';
import type { AddressDraft } from './answers-draft';
import { useJourney } from './journey-page';
import type { AddressHistoryEntry, ApplicationAddress, OnePageInfo } from './one-page-api';
import { StepForm, errorOf } from './step-form';
import {
  coversThreeYears,
  houseError,
  isHouseNumber,
  monthOf,
  movedInError,
  postcodeError,
  streetError,
  townError,
} from './validation';
import { DateInput, datePartId } from '../../components/date-input';

const MOVED_IN_PARTS = ['month', 'year'] as const;

/** The moved-in date input's ids: `movedIn-<index>-month` and `-year`, the error summary linking to the month. */
function movedInIdPrefix(index: number): string {
  return `movedIn-${index}`;
}

/** The most addresses a history holds (the lending core's limit). */
const MAX_ADDRESSES = 6;

function draftOf(address: ApplicationAddress | undefined, movedIn: string, addressId: string): AddressDraft {
  const [year = '', month = ''] = movedIn === '' ? [] : movedIn.split('-');
  return {
    addressId,
    house: [address?.flat, address?.houseNumber ?? address?.houseName].filter(Boolean).join(' '),
    street: address?.street ?? '',
    town: address?.town ?? '',
    postcode: address?.postcode ?? '',
    movedInMonth: month === '' ? '' : String(Number(month)),
    movedInYear: year,
  };
}

/**
 * The history to start from: as entered on this step in this tab, else as the application records it, else as
 * given on the /amount steps in this tab (lib/application-draft.ts), else the home address the BFF kept.
 */
function initialDrafts(info: OnePageInfo): AddressDraft[] {
  const kept = readOnePageAnswers().addresses;
  if (kept !== undefined && kept.length > 0) return kept;
  if (info.addresses.length > 0) {
    return info.addresses.map((entry: AddressHistoryEntry) => draftOf(entry.address, entry.movedIn, entry.gazetteerId ?? ''));
  }
  const early = readApplicationDraft().addresses;
  if (early.length > 0) {
    return early.map((address) => ({
      ...draftOf({ ...address }, '', address.gazetteerId),
      movedInMonth: address.movedInMonth,
      movedInYear: address.movedInYear,
    }));
  }
  return [draftOf(info.prefill?.address, '', '')];
}

function entryBody(draft: AddressDraft) {
  const movedIn = monthOf(draft.movedInMonth, draft.movedInYear) ?? '';
  if (draft.addressId !== '') return { gazetteerId: draft.addressId, movedIn };
  const house = draft.house.trim();
  return {
    movedIn,
    address: {
      ...(isHouseNumber(house) ? { houseNumber: house } : { houseName: house }),
      street: draft.street.trim(),
      town: draft.town.trim(),
      postcode: draft.postcode.trim().toUpperCase(),
    },
  };
}

/** The problems of the history: each address's fields, then whether it reaches back 3 years. */
export function addressHistoryErrors(drafts: readonly AddressDraft[], today: Date): FieldError[] {
  const found: FieldError[] = [];
  const months: string[] = [];
  drafts.forEach((draft, index) => {
    const checks: [string, string | undefined][] = [
      [`house-${index}`, houseError(draft.house)],
      [`street-${index}`, streetError(draft.street)],
      [`town-${index}`, townError(draft.town)],
      [`postcode-${index}`, postcodeError(draft.postcode)],
      [datePartId(movedInIdPrefix(index), 'month'), movedInError(draft.movedInMonth, draft.movedInYear, today, months.at(-1))],
    ];
    for (const [fieldId, message] of checks) if (message !== undefined) found.push({ fieldId, message });
    const month = monthOf(draft.movedInMonth, draft.movedInYear);
    if (month !== undefined) months.push(month);
  });
  if (found.length === 0 && !coversThreeYears(months, today)) {
    found.push({ fieldId: 'add-address', message: 'Add your earlier addresses, so they cover the last 3 years' });
  }
  return found;
}

function AddressFields({
  index,
  draft,
  errors,
  onChange,
}: {
  index: number;
  draft: AddressDraft;
  errors: readonly FieldError[];
  onChange: (change: Partial<AddressDraft>) => void;
}) {
  const field = (name: keyof AddressDraft) => `${name}-${index}`;
  const movedInMessage = errorOf(errors, datePartId(movedInIdPrefix(index), 'month'));
  // The rule reads the month and year together, so a problem marks both boxes.
  const movedInProblem = movedInMessage === undefined ? undefined : { message: movedInMessage, parts: MOVED_IN_PARTS };
  // Typing over an address found by postcode makes it one entered by hand.
  const edit = (change: Partial<AddressDraft>) => {
    onChange({ ...change, addressId: '' });
  };
  return (
    <>
      <FormField
        id={field('house')}
        label="House number or name"
        value={draft.house}
        error={errorOf(errors, field('house'))}
        onChange={(event) => {
          edit({ house: event.target.value });
        }}
        input={{ autoComplete: index === 0 ? 'address-line1' : 'off' }}
        sx={{ mb: 2 }}
      />
      <FormField
        id={field('street')}
        label="Street"
        value={draft.street}
        error={errorOf(errors, field('street'))}
        onChange={(event) => {
          edit({ street: event.target.value });
        }}
        input={{ autoComplete: index === 0 ? 'address-line2' : 'off' }}
        sx={{ mb: 2 }}
      />
      <FormField
        id={field('town')}
        label="Town or city"
        value={draft.town}
        error={errorOf(errors, field('town'))}
        onChange={(event) => {
          edit({ town: event.target.value });
        }}
        input={{ autoComplete: index === 0 ? 'address-level2' : 'off' }}
        sx={{ mb: 2 }}
      />
      <FormField
        id={field('postcode')}
        label="Postcode"
        value={draft.postcode}
        error={errorOf(errors, field('postcode'))}
        onChange={(event) => {
          edit({ postcode: event.target.value });
        }}
        input={{ autoComplete: index === 0 ? 'postal-code' : 'off', spellCheck: false }}
        sx={{ mb: 2, maxWidth: 200 }}
      />
      <DateInput
        idPrefix={movedInIdPrefix(index)}
        legend="When did you move in?"
        hint="For example, 3 2021"
        parts={MOVED_IN_PARTS}
        value={{ month: draft.movedInMonth, year: draft.movedInYear }}
        onChange={({ month, year }) => {
          onChange({ movedInMonth: month, movedInYear: year });
        }}
        problem={movedInProblem}
      />
    </>
  );
}

/**
 * /loan/verify-address (AddressVerification): the addresses of the last 3 years, newest first, prefilled with
 * what the application records (or the home address of the eligibility check), each editable.
 */
export function VerifyAddressScreen() {
  const { info } = useJourney();
  const [drafts, setDrafts] = useState(() => initialDrafts(info));

  function keep(next: AddressDraft[]) {
    setDrafts(next);
    keepOnePageAnswers({ addresses: next });
  }

  function send() {
    return api.post('/onePage/user/updateAddressHistory', { body: { addresses: drafts.map(entryBody) } });
  }

  return (
    <StepForm
      title="Check your addresses"
      intro={<Typography sx={{ mb: 3 }}>We need every address you have lived at in the last 3 years, newest first.</Typography>}
      validate={() => addressHistoryErrors(drafts, new Date())}
      send={send}
    >
      {(errors) => (
        <>
          {drafts.map((draft, index) => (
            <Box
              // The history is edited in place; its order is its identity.
              key={index}
              component="section"
              aria-labelledby={`address-heading-${index}`}
              sx={{ mb: 3, pb: 2, borderBottom: 1, borderColor: 'divider' }}
            >
              <Typography id={`address-heading-${index}`} component="h2" variant="h6" sx={{ mb: 2 }}>
                {index === 0 ? 'Your current address' : `Previous address ${index}`}
              </Typography>
              <AddressFields
                index={index}
                draft={draft}
                errors={errors}
                onChange={(change) => {
                  keep(drafts.map((entry, at) => (at === index ? { ...entry, ...change } : entry)));
                }}
              />
              {index > 0 ? (
                <Button
                  variant="text"
                  onClick={() => {
                    keep(drafts.filter((_, at) => at !== index));
                  }}
                >
                  {`Remove previous address ${index}`}
                </Button>
              ) : null}
            </Box>
          ))}
          {drafts.length < MAX_ADDRESSES ? (
            <Button
              id="add-address"
              variant="outlined"
              sx={{ mb: 2 }}
              onClick={() => {
                keep([...drafts, draftOf(undefined, '', '')]);
              }}
            >
              Add a previous address
            </Button>
          ) : null}
        </>
      )}
    </StepForm>
  );
}
