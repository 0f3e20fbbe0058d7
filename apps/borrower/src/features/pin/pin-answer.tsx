import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { ReactNode, SyntheticEvent } from 'react';
import { ErrorSummary } from '../../components/error-summary';
import { FormField } from '../../components/form-field';
import type { FieldError } from '../../components/error-summary';
import { compactDigits } from '../../lib/sign-in';
import { PIN_INPUT } from './pin-store';

export interface PinFormProps {
  /** The problems of the last submit: the summary lists them all, the PIN field shows its own. */
  errors: readonly FieldError[];
  /** Text between the error summary and the form. */
  intro?: ReactNode;
  /** Fields asked before the PIN (the PIN login's e-mail address). */
  children?: ReactNode;
  /** The PIN input's id and name: the error summary links to the id. */
  fieldId: string;
  label: string;
  hint?: string;
  pin: string;
  /** Gets the PIN as typed or pasted, with everything but digits taken out. */
  onPinChange: (pin: string) => void;
  submitLabel: string;
  /** While a request is on its way, the button cannot send it again. */
  busy?: boolean;
  onSubmit: (event: SyntheticEvent) => void;
}

/**
 * The form every PIN screen shows: the error summary, a masked numeric PIN field and the submit button. Each
 * screen keeps its own checks and request; this keeps the field's attributes and layout the same on all of them.
 */
export function PinForm({
  errors,
  intro,
  children,
  fieldId,
  label,
  hint,
  pin,
  onPinChange,
  submitLabel,
  busy = false,
  onSubmit,
}: PinFormProps) {
  return (
    <>
      <ErrorSummary errors={errors} />
      {intro}
      <Box component="form" noValidate onSubmit={onSubmit}>
        {children}
        <FormField
          id={fieldId}
          name={fieldId}
          label={label}
          hint={hint}
          type="password"
          value={pin}
          error={errors.find((error) => error.fieldId === fieldId)?.message}
          onChange={(event) => {
            onPinChange(compactDigits(event.target.value));
          }}
          input={PIN_INPUT}
          sx={{ mb: 3, maxWidth: '12em' }}
        />
        <Button type="submit" variant="contained" size="large" fullWidth disabled={busy}>
          {submitLabel}
        </Button>
      </Box>
    </>
  );
}
