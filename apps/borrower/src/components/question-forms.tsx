import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import { useState } from 'react';
import type { InputHTMLAttributes, SyntheticEvent } from 'react';
import { ErrorSummary } from './error-summary';
import type { FieldError } from './error-summary';
import { FormField } from './form-field';
import { SignInPage } from './sign-in-page';
import { RadioField } from './radio-field';

export interface TextQuestionProps {
  /** The question: the page's h1. */
  title: string;
  backTo: string;
  /** The input's id (the error summary links to it) and name. */
  id: string;
  /** The field's own short label under the question. */
  label: string;
  hint?: string;
  initial: string;
  input: InputHTMLAttributes<HTMLInputElement>;
  /** Pounds: a £ before the field. */
  pounds?: boolean;
  validate: (value: string) => string | undefined;
  /** Kept on every change, so a refresh loses nothing. */
  keep: (value: string) => void;
  /** Called with a valid answer; may wait for a call (the button is busy meanwhile). */
  onValid: (value: string) => Promise<unknown> | undefined;
}

/** One text question on its own page (GOV.UK): validated on submit, with the summary and the inline error. */
export function TextQuestion(props: TextQuestionProps) {
  const { title, backTo, id, label, hint, initial, input, pounds = false, validate, keep, onValid } = props;
  const [value, setValue] = useState(initial);
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [busy, setBusy] = useState(false);

  function submit(event: SyntheticEvent) {
    event.preventDefault();
    const message = validate(value);
    setErrors(message === undefined ? [] : [{ fieldId: id, message }]);
    if (message !== undefined) return;
    const waiting = onValid(value);
    if (waiting === undefined) return;
    setBusy(true);
    // On success the screen has moved on; on failure the shared error table has told the person.
    waiting.catch(() => {
      setBusy(false);
    });
  }

  return (
    <SignInPage title={title} backTo={backTo}>
      <ErrorSummary errors={errors} />
      <Box component="form" noValidate onSubmit={submit}>
        <FormField
          id={id}
          name={id}
          label={label}
          hint={hint}
          value={value}
          error={errors[0]?.message}
          onChange={(event) => {
            setValue(event.target.value);
            keep(event.target.value);
          }}
          input={input}
          slotProps={
            pounds ? { input: { startAdornment: <InputAdornment position="start">£</InputAdornment> } } : undefined
          }
          sx={{ mb: 4 }}
        />
        <Button type="submit" variant="contained" size="large" fullWidth disabled={busy}>
          Continue
        </Button>
      </Box>
    </SignInPage>
  );
}

export interface RadioQuestionProps {
  title: string;
  backTo: string;
  /** The radios' name; the first radio's id, which the error summary links to. */
  name: string;
  options: readonly { value: string; label: string }[];
  initial: string;
  /** The message when nothing is chosen. */
  required: string;
  keep: (value: string) => void;
  onValid: (value: string) => void;
}

/** One question answered with radios, the question being the h1 and the fieldset's (hidden) legend. */
export function RadioQuestion({ title, backTo, name, options, initial, required, keep, onValid }: RadioQuestionProps) {
  const [value, setValue] = useState(initial);
  const [errors, setErrors] = useState<FieldError[]>([]);
  function submit(event: SyntheticEvent) {
    event.preventDefault();
    const chosen = options.some((option) => option.value === value);
    setErrors(chosen ? [] : [{ fieldId: name, message: required }]);
    if (chosen) onValid(value);
  }

  return (
    <SignInPage title={title} backTo={backTo}>
      <ErrorSummary errors={errors} />
      <Box component="form" noValidate onSubmit={submit}>
        <RadioField
          name={name}
          legend={title}
          hideLegend
          options={options}
          value={value}
          onChange={(chosen) => {
            setValue(chosen);
            keep(chosen);
          }}
          error={errors[0]?.message}
        />
        <Button type="submit" variant="contained" size="large" fullWidth>
          Continue
        </Button>
      </Box>
    </SignInPage>
  );
}
