import FormControl from '@mui/material/FormControl';
import FormLabel from '@mui/material/FormLabel';
import InputAdornment from '@mui/material/InputAdornment';
import OutlinedInput from '@mui/material/OutlinedInput';
import type { ChangeEvent, FocusEvent, InputHTMLAttributes, ReactNode, Ref } from 'react';
import { describedBy as describe, FieldMessages } from '../field-messages';

export interface TextInputProps {
  /** The input's id (the error summary links to it; the label names it). */
  id: string;
  name?: string | undefined;
  /** The field's label; none when the page writes its own `<label htmlFor>` (a long question above it). */
  label?: ReactNode;
  hint?: ReactNode;
  /** The inline message; no message, no error. */
  error?: string | undefined;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  onBlur?: ((event: FocusEvent<HTMLInputElement>) => void) | undefined;
  inputRef?: Ref<HTMLInputElement> | undefined;
  /** Attributes of the `<input>` itself: autocomplete, inputmode, spellcheck, maxlength… */
  input?: InputHTMLAttributes<HTMLInputElement> | undefined;
  type?: string | undefined;
  /** Text before the value inside the box (`£`). */
  prefix?: string | undefined;
  /** A ready-made adornment before the value, instead of `prefix`. */
  startAdornment?: ReactNode;
  /** The room the field takes: the space under it, how wide it may grow. */
  sx?: Spacing | undefined;
}

export interface Spacing {
  mb?: number;
  maxWidth?: number | string;
}

/**
 * A text box in GOV.UK order: the label, the hint, the inline error, then the box; the hint and the error are
 * both read with the box (`aria-describedby`), and both show at once.
 */
export function TextInput({ id, name, label, hint, error, value, onChange, onBlur, inputRef, input, type, prefix, startAdornment, sx }: TextInputProps) {
  const { hintId, errorId, describedBy } = describe(id, hint, error);
  return (
    <FormControl error={error !== undefined} fullWidth sx={{ display: 'block', ...sx }}>
      {label === undefined ? null : (
        <FormLabel
          htmlFor={id}
          sx={{ display: 'block', color: 'text.primary', fontWeight: 600, mb: 0.5, '&.Mui-focused, &.Mui-error': { color: 'text.primary' } }}
        >
          {label}
        </FormLabel>
      )}
      <FieldMessages hint={hint} error={error} hintId={hintId} errorId={errorId} />
      <OutlinedInput
        id={id}
        name={name ?? id}
        type={type}
        value={value}
        onChange={onChange}
        onBlur={onBlur}
        inputRef={inputRef}
        fullWidth
        startAdornment={prefix === undefined ? startAdornment : <InputAdornment position="start">{prefix}</InputAdornment>}
        inputProps={{ ...input, 'aria-describedby': describedBy, 'aria-invalid': error !== undefined }}
      />
    </FormControl>
  );
}
