import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useLayoutEffect, useRef } from 'react';

/** One problem with the answers: the field it belongs to (its id) and what to do about it. */
export interface FieldError {
  fieldId: string;
  message: string;
}

const FOCUSABLE = 'input, select, textarea, button';

/** What says which field it is: the legend of the group it is in (radios, a date), else its own label. */
function labelOf(field: HTMLElement): HTMLElement | null {
  const legend = field.closest('fieldset')?.querySelector('legend');
  if (legend) return legend;
  return field.id === '' ? null : document.querySelector<HTMLElement>(`label[for="${CSS.escape(field.id)}"]`);
}

/**
 * Moves focus to the field named by a summary link (GOV.UK): the field itself, or the first input of a group
 * named by its id, without the browser's jump to it; then scrolls the field's label or legend into view, so the
 * question is read above the field rather than cut off at the top of the screen.
 */
export function focusField(fieldId: string): void {
  const named = document.getElementById(fieldId);
  const field = named?.matches(FOCUSABLE) ? named : named?.querySelector<HTMLElement>(FOCUSABLE);
  if (!field) return;
  (labelOf(field) ?? field).scrollIntoView();
  field.focus({ preventScroll: true });
}

/**
 * The GOV.UK error summary (DESIGN §6): shown after a failed submit, above the form, with a link to each field
 * in error. It takes focus when it appears or its errors change, so a screen reader announces it and the next
 * Tab reaches the first link.
 */
export function ErrorSummary({ errors, title = 'There is a problem' }: { errors: readonly FieldError[]; title?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  // A new list of messages is a new submit: focus again even if the summary is already on screen.
  const key = errors.map((error) => `${error.fieldId}:${error.message}`).join('|');

  // As it is drawn, not after: a submit checked after a wait (a question page's) must not leave focus behind.
  useLayoutEffect(() => {
    if (key !== '') ref.current?.focus();
  }, [key]);

  if (errors.length === 0) return null;
  return (
    <Box
      ref={ref}
      tabIndex={-1}
      aria-labelledby="error-summary-title"
      role="alert"
      sx={{ border: 4, borderColor: 'error.main', p: 2, mb: 3, '&:focus': { outline: '3px solid', outlineColor: 'primary.main' } }}
    >
      <Typography id="error-summary-title" component="h2" variant="h6" sx={{ mb: 1 }}>
        {title}
      </Typography>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {errors.map((error) => (
          <li key={error.fieldId}>
            <Link
              href={`#${error.fieldId}`}
              onClick={(event) => {
                // Hash routes own the fragment: move focus to the field instead of following the link.
                event.preventDefault();
                focusField(error.fieldId);
              }}
              sx={{ color: 'error.main', fontWeight: 600 }}
            >
              {error.message}
            </Link>
          </li>
        ))}
      </Box>
    </Box>
  );
}

/** The message of one field among a submit's errors, for its inline error (screens not yet on the question kit). */
export function errorOf(errors: readonly FieldError[], fieldId: string): string | undefined {
  return errors.find((error) => error.fieldId === fieldId)?.message;
}
