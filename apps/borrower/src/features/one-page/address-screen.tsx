import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { z } from 'zod';
import { updateAddressHistory } from '../../api/one-page';
import { checkedText, QuestionPage, TextAnswer } from '../../components/question';
import { houseLineOf, MAX_ADDRESSES, MOVED_IN_PARTS, MovedInAnswer } from '../../components/question-groups/address-history';
import { readApplicationDraft } from '../../lib/application-draft';
import { keepOnePageAnswers, readOnePageAnswers } from './answers-draft';
import type { AddressDraft } from './answers-draft';
import { JourneyPage, useGoNext, useJourney } from './journey-page';
import type { AddressHistoryEntry, ApplicationAddress, OnePageInfo } from './one-page-api';
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

function draftOf(address: ApplicationAddress | undefined, movedIn: string, addressId: string): AddressDraft {
  const [year = '', month = ''] = movedIn === '' ? [] : movedIn.split('-');
  return {
    addressId,
    house: houseLineOf(address),
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

/** An address as its fields hold it: the moving-in month and year as one date answer. */
interface AddressValues extends Omit<AddressDraft, 'movedInMonth' | 'movedInYear'> {
  movedIn: { month: string; year: string };
}

function valuesOf(draft: AddressDraft): AddressValues {
  const { movedInMonth, movedInYear, ...rest } = draft;
  return { ...rest, movedIn: { month: movedInMonth, year: movedInYear } };
}

function draftOfValues({ movedIn, ...rest }: AddressValues): AddressDraft {
  return { ...rest, movedInMonth: movedIn.month, movedInYear: movedIn.year };
}

const ADD_ADDRESS = 'add-address';

/**
 * The check of the history: each address's fields in turn (each moving-in month before the next newer one's),
 * then whether together they reach back 3 years (a message linked to "Add a previous address").
 */
export function addressHistorySchema(today: Date) {
  const entry = z.object({
    addressId: z.string(),
    house: checkedText(houseError),
    street: checkedText(streetError),
    town: checkedText(townError),
    postcode: checkedText(postcodeError),
    movedIn: z.object({ month: z.string(), year: z.string() }),
  });
  return z
    .object({ addresses: z.array(entry) })
    .superRefine(({ addresses }, context) => {
      const months: string[] = [];
      let datesRight = true;
      for (const [index, { movedIn }] of addresses.entries()) {
        const message = movedInError(movedIn.month, movedIn.year, today, months.at(-1));
        if (message !== undefined) {
          datesRight = false;
          for (const part of MOVED_IN_PARTS) {
            context.addIssue({ code: 'custom', message, path: ['addresses', index, 'movedIn', part] });
          }
        }
        const month = monthOf(movedIn.month, movedIn.year);
        if (month !== undefined) months.push(month);
      }
      // Whether they cover 3 years is asked once every address is complete.
      const complete = addresses.every(
        (address) =>
          [houseError(address.house), streetError(address.street), townError(address.town), postcodeError(address.postcode)].every(
            (message) => message === undefined,
          ),
      );
      if (complete && datesRight && !coversThreeYears(months, today)) {
        context.addIssue({
          code: 'custom',
          message: 'Add your earlier addresses, so they cover the last 3 years',
          path: [ADD_ADDRESS],
        });
      }
    })
    .transform(({ addresses }) => addresses.map((address) => entryBody(draftOfValues(address))));
}

/** One address of the history: typing over an address found by postcode makes it one entered by hand. */
function AddressFields({ index }: { index: number }) {
  const { setValue } = useFormContext<{ addresses: AddressValues[] }>();
  const name = (field: 'house' | 'street' | 'town' | 'postcode') => `addresses.${index}.${field}` as const;
  const own = index === 0;
  const typed = () => {
    setValue(`addresses.${index}.addressId`, '');
  };
  return (
    <Box onInput={typed}>
      <TextAnswer name={name('house')} label="House number or name" input={{ autoComplete: own ? 'address-line1' : 'off' }} sx={{ mb: 2 }} />
      <TextAnswer name={name('street')} label="Street" input={{ autoComplete: own ? 'address-line2' : 'off' }} sx={{ mb: 2 }} />
      <TextAnswer name={name('town')} label="Town or city" input={{ autoComplete: own ? 'address-level2' : 'off' }} sx={{ mb: 2 }} />
      <TextAnswer
        name={name('postcode')}
        label="Postcode"
        input={{ autoComplete: own ? 'postal-code' : 'off', spellCheck: false }}
        sx={{ mb: 2, maxWidth: 200 }}
      />
      <MovedInAnswer name={`addresses.${index}.movedIn`} legend="When did you move in?" hint="For example, 3 2021" />
    </Box>
  );
}

function AddressList() {
  const { fields, append, remove } = useFieldArray<{ addresses: AddressValues[] }>({ name: 'addresses' });
  return (
    <>
      {fields.map((field, index) => (
        <Box
          key={field.id}
          component="section"
          aria-labelledby={`address-heading-${index}`}
          sx={{ mb: 3, pb: 2, borderBottom: 1, borderColor: 'divider' }}
        >
          <Typography id={`address-heading-${index}`} component="h2" variant="h6" sx={{ mb: 2 }}>
            {index === 0 ? 'Your current address' : `Previous address ${index}`}
          </Typography>
          <AddressFields index={index} />
          {index > 0 ? (
            <Button
              variant="text"
              onClick={() => {
                remove(index);
              }}
            >
              {`Remove previous address ${index}`}
            </Button>
          ) : null}
        </Box>
      ))}
      {fields.length < MAX_ADDRESSES ? (
        <Button
          id={ADD_ADDRESS}
          variant="outlined"
          sx={{ mb: 2 }}
          onClick={() => {
            append(valuesOf(draftOf(undefined, '', '')));
          }}
        >
          Add a previous address
        </Button>
      ) : null}
    </>
  );
}

/**
 * /loan/verify-address (AddressVerification): the addresses of the last 3 years, newest first, prefilled with
 * what the application records (or the home address of the eligibility check), each editable.
 */
export function VerifyAddressScreen() {
  const { info } = useJourney();
  const goNext = useGoNext();
  const [schema] = useState(() => addressHistorySchema(new Date()));
  const [defaults] = useState(() => ({ addresses: initialDrafts(info).map(valuesOf) }));
  return (
    <QuestionPage
      question="Check your addresses"
      frame={JourneyPage}
      intro={<Typography sx={{ mb: 3 }}>We need every address you have lived at in the last 3 years, newest first.</Typography>}
      schema={schema}
      defaultValues={defaults}
      onChange={({ addresses }) => {
        keepOnePageAnswers({ addresses: addresses.map(draftOfValues) });
      }}
      onSubmit={async (addresses) => {
        await updateAddressHistory({ addresses });
        goNext();
      }}
    >
      <AddressList />
    </QuestionPage>
  );
}
