import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import InputAdornment from '@mui/material/InputAdornment';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { useState } from 'react';
import type { InputHTMLAttributes, SyntheticEvent } from 'react';
import { ErrorSummary } from '../../components/error-summary';
import type { FieldError } from '../../components/error-summary';
import { FormField } from '../../components/form-field';
import { SignInPage } from '../../components/sign-in-page';

/** Hidden on screen but read by screen readers: the fieldset's legend repeats the h1 question. */
export const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

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
  const errorId = `${name}-error`;
  const error = errors[0]?.message;

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
        <FormControl
          component="fieldset"
          error={error !== undefined}
          aria-describedby={error === undefined ? undefined : errorId}
          sx={{ mb: 4, display: 'block' }}
        >
          <FormLabel component="legend" sx={visuallyHidden}>
            {title}
          </FormLabel>
          {error === undefined ? null : (
            <FormHelperText id={errorId} sx={{ typography: 'body2', mx: 0, mb: 1 }}>
              {error}
            </FormHelperText>
          )}
          <RadioGroup
            name={name}
            value={value}
            onChange={(event) => {
              setValue(event.target.value);
              keep(event.target.value);
            }}
          >
            {options.map((option, index) => (
              <FormControlLabel
                key={option.value}
                value={option.value}
                control={<Radio id={index === 0 ? name : `${name}-${option.value}`} />}
                label={option.label}
              />
            ))}
          </RadioGroup>
        </FormControl>
        <Button type="submit" variant="contained" size="large" fullWidth>
          Continue
        </Button>
      </Box>
    </SignInPage>
  );
}
