import TextField from '@mui/material/TextField';
import type { TextFieldProps } from '@mui/material/TextField';
import type { InputHTMLAttributes } from 'react';

export type FormFieldProps = Omit<TextFieldProps, 'error' | 'helperText' | 'id' | 'variant'> & {
  /** The input's id: the error summary links to it. */
  id: string;
  /** The inline message (shown under the field); no message, no error. */
  error?: string | undefined;
  /** Help under the label, read with the field. */
  hint?: string | undefined;
  /** Attributes of the `<input>` itself: autocomplete, inputmode, spellcheck… */
  input?: InputHTMLAttributes<HTMLInputElement>;
};

/** A labelled text field with its hint and inline error, both tied to the input by aria-describedby. */
export function FormField({ id, error, hint, input, slotProps, ...props }: FormFieldProps) {
  const helper = error ?? hint;
  return (
    <TextField
      {...props}
      id={id}
      variant="outlined"
      fullWidth
      error={error !== undefined}
      helperText={helper}
      slotProps={{
        ...slotProps,
        htmlInput: { ...input, 'aria-invalid': error !== undefined },
        formHelperText: { sx: { typography: 'body2', mx: 0 } },
        inputLabel: { shrink: true },
      }}
    />
  );
}
