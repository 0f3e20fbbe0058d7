import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useState } from 'react';
import type { ReactNode, SyntheticEvent } from 'react';
import { useNavigate } from 'react-router';
import { ErrorSummary } from '../../components/error-summary';
import type { FieldError } from '../../components/error-summary';
import { nextStep, stepPaths } from '../../lib/one-page-journey';
import { JourneyPage, useJourney } from './journey-page';

/** Moves on to the next required step (spec §4: next is the following entry of the stored list). */
export function useGoNext(): () => void {
  const navigate = useNavigate();
  const { step, steps } = useJourney();
  return () => {
    void navigate(stepPaths[nextStep(step, steps)]);
  };
}

export interface StepFormProps {
  title: string;
  /** The answers' problems, in the order of the fields; empty when they can be sent. */
  validate: () => FieldError[];
  /** Sends the answers; on success the journey moves on. A failure was told by the shared error table. */
  send: () => Promise<unknown>;
  /** Shown under the error summary, above the fields (an introduction). */
  intro?: ReactNode;
  /** The fields, given the problems found on the last submit (for their inline errors). */
  children: (errors: readonly FieldError[]) => ReactNode;
  submitLabel?: string;
}

/**
 * A journey step's form (GOV.UK): validated on submit, with the error summary taking focus and the inline
 * errors the fields show from `errors`; the button is busy while the call runs, and a failed call leaves every
 * answer where it was.
 */
export function StepForm({ title, validate, send, intro, children, submitLabel = 'Continue' }: StepFormProps) {
  const goNext = useGoNext();
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [busy, setBusy] = useState(false);

  function submit(event: SyntheticEvent) {
    event.preventDefault();
    const found = validate();
    setErrors(found);
    if (found.length > 0) return;
    setBusy(true);
    send().then(goNext, () => {
      setBusy(false);
    });
  }

  return (
    <JourneyPage title={title}>
      <ErrorSummary errors={errors} />
      {intro}
      <Box component="form" noValidate onSubmit={submit}>
        {children(errors)}
        <Button type="submit" variant="contained" size="large" fullWidth disabled={busy} sx={{ mt: 2 }}>
          {submitLabel}
        </Button>
      </Box>
    </JourneyPage>
  );
}

/** The message of `fieldId` among `errors`, for its inline error. */
export function errorOf(errors: readonly FieldError[], fieldId: string): string | undefined {
  return errors.find((error) => error.fieldId === fieldId)?.message;
}
