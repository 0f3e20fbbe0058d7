import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import NativeSelect from '@mui/material/NativeSelect';
import OutlinedInput from '@mui/material/OutlinedInput';
import { useState } from 'react';
import type { InputHTMLAttributes, ReactNode } from 'react';
import { useController } from 'react-hook-form';
import { DateInput } from '../date-input';
import type { DatePart } from '../date-input';
import { describedBy as describe, FieldMessages } from '../field-messages';
import { RadioField } from '../radio-field';
import type { Choice } from '../radio-field';
import { visuallyHidden } from '@lender/ui/visually-hidden';
import { fieldIdOf } from './error-list';
import { moneyTextOf, moneyValue, moneyValueOf } from '../../lib/money';
import { TextInput } from './text-input';
import type { Spacing } from './text-input';

/**
 * The answers a question page is made of: each finds the page's form by context, by its `name` there, and
 * shows its label, hint and inline error (components/field-messages.tsx). The right `autocomplete` and
 * `inputmode` (DESIGN §6) are each answer's own, or given where only the page knows them (a name, an address).
 */

type Input = InputHTMLAttributes<HTMLInputElement>;

interface AnswerProps {
  /** The answer's name in the form (and, with dots as dashes, its id). */
  name: string;
  label?: ReactNode;
  hint?: ReactNode;
  sx?: Spacing;
}

const GAP: Spacing = { mb: 3 };

/**
 * The field of `name`, its inline message (or the messages of its parts, for a date or an address) and its id.
 * The value is read by each answer for what it holds, so a default of the wrong kind shows as empty.
 */
function useAnswer(name: string) {
  const { field, fieldState } = useController({ name });
  const value: unknown = field.value;
  const parts: unknown = fieldState.error;
  return { field, value, error: fieldState.error?.message, id: fieldIdOf(name), parts };
}

function textOf(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/** The message of one part of an answer (a date's month, an address's postcode), if it has one. */
function partMessage(parts: unknown, part: string): string | undefined {
  if (typeof parts !== 'object' || parts === null) return undefined;
  const entry: unknown = (parts as Record<string, unknown>)[part];
  if (typeof entry !== 'object' || entry === null) return undefined;
  const { message } = entry as { message?: unknown };
  return typeof message === 'string' ? message : undefined;
}

export interface TextAnswerProps extends AnswerProps {
  /** autocomplete, inputmode, spellcheck, maxlength… of the `<input>`. */
  input?: Input;
  type?: string;
  /** Tidies what is typed or pasted as it arrives (a code's spaces and dashes). */
  tidy?: (text: string) => string;
  /** Text before the value inside the box (`£` before an amount kept as typed). */
  prefix?: string;
}

/** A line of text. */
export function TextAnswer({ name, label, hint, input, type, tidy, prefix, sx = GAP }: TextAnswerProps) {
  const { field, value, error, id } = useAnswer(name);
  return (
    <TextInput
      id={id}
      name={name}
      label={label}
      hint={hint}
      error={error}
      value={textOf(value)}
      onChange={(event) => {
        field.onChange(tidy === undefined ? event.target.value : tidy(event.target.value));
      }}
      onBlur={field.onBlur}
      inputRef={field.ref}
      input={input}
      type={type}
      prefix={prefix}
      sx={sx}
    />
  );
}

/** A UK phone number: the browser may fill it from the person's details. */
export function PhoneAnswer(props: AnswerProps) {
  return <TextAnswer {...props} type="tel" input={{ autoComplete: 'tel', inputMode: 'tel', spellCheck: false }} />;
}

/** A code without the spaces and dashes people paste with it. */
const compactCode = (text: string) => text.replace(/[\s-]/g, '');

/**
 * A code sent by text or e-mail: numeric keyboard, filled by the phone from the message (`one-time-code`), and
 * pasteable as sent (`123 456`, `123-456`): the spaces and dashes people paste are dropped as they arrive.
 */
export function CodeAnswer({ maxLength = 6, sx = GAP, ...props }: AnswerProps & { maxLength?: number }) {
  return (
    <TextAnswer
      {...props}
      tidy={compactCode}
      input={{ autoComplete: 'one-time-code', inputMode: 'numeric', spellCheck: false, maxLength: maxLength + 4 }}
      sx={{ maxWidth: '12em', mb: sx.mb }}
    />
  );
}

/**
 * An amount of money: typed in pounds after a `£`, held in pence (lib/money.ts). The text stays as typed while
 * the field is on screen; a field that comes back shows the pence as pounds. The keyboard is digits only,
 * unless the amount may have pence (`withPence`).
 */
export function MoneyAnswer({ name, label, hint, withPence = false, sx = GAP }: AnswerProps & { withPence?: boolean }) {
  const { field, value, error, id } = useAnswer(name);
  const [text, setText] = useState(() => {
    const held = moneyValue.safeParse(value);
    return held.success ? moneyTextOf(held.data) : '';
  });
  return (
    <TextInput
      id={id}
      name={name}
      label={label}
      hint={hint}
      error={error}
      prefix="£"
      value={text}
      onChange={(event) => {
        setText(event.target.value);
        field.onChange(moneyValueOf(event.target.value));
      }}
      onBlur={field.onBlur}
      inputRef={field.ref}
      input={{ inputMode: withPence ? 'decimal' : 'numeric', autoComplete: 'off', spellCheck: false }}
      sx={sx}
    />
  );
}

export interface ChoiceAnswerProps extends AnswerProps {
  /** The question, as the group's legend. */
  legend: string;
  /** The legend repeats the page's h1 (a one-question page): read, not shown twice. */
  hideLegend?: boolean;
  options: readonly Choice[];
}

/** One of several choices, as radios in a fieldset. */
export function RadiosAnswer({ name, legend, hideLegend, hint, options }: ChoiceAnswerProps) {
  const { field, value, error, id } = useAnswer(name);
  return (
    <RadioField
      name={id}
      legend={legend}
      hideLegend={hideLegend ?? false}
      hint={typeof hint === 'string' ? hint : undefined}
      options={options}
      value={textOf(value)}
      onChange={field.onChange}
      error={error}
    />
  );
}

/** Any of several choices (or one box to tick), as checkboxes in a fieldset; holds the values ticked. */
export function CheckboxesAnswer({ name, legend, hideLegend = false, hint, options }: ChoiceAnswerProps) {
  const { field, value, error, id } = useAnswer(name);
  const { hintId, errorId, describedBy } = describe(id, hint, error);
  const ticked = Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === 'string') : [];
  return (
    <FormControl component="fieldset" error={error !== undefined} aria-describedby={describedBy} sx={{ mb: 3, display: 'block' }}>
      <FormLabel component="legend" sx={hideLegend ? visuallyHidden : { typography: 'h6', color: 'text.primary', mb: 1 }}>
        {legend}
      </FormLabel>
      <FieldMessages hint={hint} error={error} hintId={hintId} errorId={errorId} />
      <FormGroup>
        {options.map((option, index) => (
          <FormControlLabel
            key={option.value}
            label={option.label}
            control={
              <Checkbox
                id={index === 0 ? id : `${id}-${option.value}`}
                name={id}
                value={option.value}
                checked={ticked.includes(option.value)}
                onChange={(event) => {
                  field.onChange(
                    event.target.checked ? [...ticked, option.value] : ticked.filter((entry) => entry !== option.value),
                  );
                }}
              />
            }
          />
        ))}
      </FormGroup>
    </FormControl>
  );
}

/** One of a long list, as the browser's own select (GOV.UK: better than a custom one on every device). */
export function SelectAnswer({
  name,
  label,
  hint,
  options,
  placeholder = 'Choose one',
  autoComplete = 'off',
  sx = GAP,
}: AnswerProps & { options: readonly Choice[]; placeholder?: string; autoComplete?: string }) {
  const { field, value, error, id } = useAnswer(name);
  const { hintId, errorId, describedBy } = describe(id, hint, error);
  return (
    <FormControl error={error !== undefined} fullWidth sx={{ display: 'block', ...sx }}>
      <FormLabel htmlFor={id} sx={{ display: 'block', color: 'text.primary', fontWeight: 600, mb: 0.5 }}>
        {label}
      </FormLabel>
      <FieldMessages hint={hint} error={error} hintId={hintId} errorId={errorId} />
      <NativeSelect
        value={textOf(value)}
        onChange={field.onChange}
        onBlur={field.onBlur}
        input={<OutlinedInput />}
        inputRef={field.ref}
        inputProps={{
          id,
          name,
          autoComplete,
          'aria-describedby': describedBy,
          'aria-invalid': error !== undefined,
        }}
        fullWidth
      >
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </NativeSelect>
    </FormControl>
  );
}

/**
 * A GOV.UK date (components/date-input.tsx) held as its parts' text. The schema (see `dateParts`) puts a
 * problem on the parts it is about, so those boxes are marked; the summary lists the message once.
 */
export function DateAnswer({
  name,
  legend,
  hideLegend,
  hint,
  parts,
  birthday,
}: {
  name: string;
  legend: string;
  hideLegend?: boolean;
  hint: string;
  parts: readonly DatePart[];
  birthday?: boolean;
}) {
  const { field, value, error, id, parts: partErrors } = useAnswer(name);
  const held = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  const date = Object.fromEntries(parts.map((part) => [part, textOf(held[part])])) as Record<DatePart, string>;
  const inError = parts.filter((part) => partMessage(partErrors, part) !== undefined);
  const message = error ?? inError.map((part) => partMessage(partErrors, part)).find((found) => found !== undefined);
  return (
    <DateInput
      idPrefix={id}
      legend={legend}
      hideLegend={hideLegend}
      hint={hint}
      parts={parts}
      value={date}
      onChange={field.onChange}
      problem={message === undefined ? undefined : { message, parts: inError.length > 0 ? inError : parts }}
      birthday={birthday}
    />
  );
}

/** An address the postcode lookup found: its id and how it reads. */
export interface FoundAddress {
  id: string;
  label: string;
}

/** What a postcode-and-address answer holds: the postcode typed and the id of the address chosen. */
export interface AddressPick {
  postcode: string;
  addressId: string;
}

/**
 * A postcode, then the address chosen among those the lookup finds there (GOV.UK "Find an address"). `lookup`
 * finds them (it may throw: the shared error table says why, and the button can be pressed again). The schema
 * checks `postcode` and `addressId`; their messages show by each.
 */
export function AddressAnswer({
  name,
  lookup,
  initialFound = [],
}: {
  name: string;
  lookup: (postcode: string) => Promise<readonly FoundAddress[]>;
  initialFound?: readonly FoundAddress[];
}) {
  const { field, value, id, parts } = useAnswer(name);
  const held = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  const pick: AddressPick = { postcode: textOf(held.postcode), addressId: textOf(held.addressId) };
  const postcodeError = partMessage(parts, 'postcode');
  const addressError = partMessage(parts, 'addressId');
  const [found, setFound] = useState<readonly FoundAddress[]>(initialFound);
  const [busy, setBusy] = useState(false);
  const addressId = `${id}-addressId`;
  const { hintId, errorId, describedBy } = describe(addressId, undefined, addressError);
  function find() {
    setBusy(true);
    lookup(pick.postcode.trim()).then(
      (addresses) => {
        setFound(addresses);
        setBusy(false);
        field.onChange({ ...pick, addressId: '' });
      },
      () => {
        setBusy(false);
      },
    );
  }
  return (
    <Box>
      <TextInput
        id={`${id}-postcode`}
        name={`${name}.postcode`}
        label="Postcode"
        error={postcodeError}
        value={pick.postcode}
        onChange={(event) => {
          field.onChange({ postcode: event.target.value, addressId: '' });
        }}
        input={{ autoComplete: 'postal-code', spellCheck: false }}
        sx={{ maxWidth: '12em', mb: 2 }}
      />
      <Button variant="outlined" disabled={busy} onClick={find} sx={{ mb: 3 }}>
        Find address
      </Button>
      {found.length === 0 ? null : (
        <FormControl error={addressError !== undefined} fullWidth sx={{ display: 'block', mb: 3 }}>
          <FormLabel htmlFor={addressId} sx={{ display: 'block', color: 'text.primary', fontWeight: 600, mb: 0.5 }}>
            Select an address
          </FormLabel>
          <FieldMessages hint={undefined} error={addressError} hintId={hintId} errorId={errorId} />
          <NativeSelect
            value={pick.addressId}
            onChange={(event) => {
              field.onChange({ ...pick, addressId: event.target.value });
            }}
            input={<OutlinedInput />}
            inputProps={{ id: addressId, 'aria-describedby': describedBy, 'aria-invalid': addressError !== undefined }}
            fullWidth
          >
            <option value="">{`${found.length} addresses found`}</option>
            {found.map((address) => (
              <option key={address.id} value={address.id}>
                {address.label}
              </option>
            ))}
          </NativeSelect>
        </FormControl>
      )}
    </Box>
  );
}

/** One box a person must tick to agree to something (GOV.UK single checkbox); holds whether it is ticked. */
export function ConsentAnswer({ name, label }: { name: string; label: string }) {
  const { field, value, error, id } = useAnswer(name);
  const { errorId, describedBy } = describe(id, undefined, error);
  return (
    <FormControl error={error !== undefined} sx={{ mb: 4, display: 'block' }}>
      <FieldMessages hint={undefined} error={error} hintId="" errorId={errorId} />
      <FormControlLabel
        label={label}
        control={
          <Checkbox
            id={id}
            name={name}
            checked={value === true}
            onChange={(event) => {
              field.onChange(event.target.checked);
            }}
            slotProps={{ input: { 'aria-invalid': error !== undefined, 'aria-describedby': describedBy } }}
          />
        }
      />
    </FormControl>
  );
}
