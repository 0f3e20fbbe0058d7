import type { ReactNode } from 'react';
import { TextInput } from './question/text-input';
import type { TextInputProps } from './question/text-input';

export type FormFieldProps = Omit<TextInputProps, 'prefix' | 'startAdornment'> & {
  /** Kept from the MUI TextField these fields once were: `{ input: { startAdornment } }` puts text before the value. */
  slotProps?: { input?: { startAdornment?: ReactNode } } | undefined;
};

/**
 * A labelled text field with its hint and inline error, both tied to the input by aria-describedby: the
 * controlled field of the screens not yet built on the question kit (`components/question/`).
 */
export function FormField({ slotProps, ...props }: FormFieldProps) {
  return <TextInput {...props} startAdornment={slotProps?.input?.startAdornment} />;
}
