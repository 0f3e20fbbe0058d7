import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { ReactNode, SyntheticEvent } from 'react';
import { ErrorSummary } from '../../components/error-summary';
import type { FieldError } from '../../components/error-summary';
import { SignInPage } from '../../components/sign-in-page';

export interface StepFormProps {
  title: string;
  backTo?: string;
  errors: readonly FieldError[];
  /** Text between the error summary and the form. */
  intro?: ReactNode;
  /** The fields. */
  children: ReactNode;
  submitLabel: string;
  /** While a request is on its way, the button cannot send it again. */
  busy: boolean;
  onSubmit: () => void;
  /** Below the button (a link to resend, to go another way). */
  after?: ReactNode;
}

/** An after-approval step (GOV.UK): the page, its error summary (which takes focus), the form validated on submit. */
export function StepForm({ title, backTo, errors, intro, children, submitLabel, busy, onSubmit, after }: StepFormProps) {
  return (
    <SignInPage title={title} backTo={backTo}>
      <ErrorSummary errors={errors} />
      {intro}
      <Box
        component="form"
        noValidate
        onSubmit={(event: SyntheticEvent) => {
          event.preventDefault();
          if (!busy) onSubmit();
        }}
      >
        {children}
        <Button type="submit" variant="contained" size="large" fullWidth disabled={busy}>
          {submitLabel}
        </Button>
      </Box>
      {after}
    </SignInPage>
  );
}
