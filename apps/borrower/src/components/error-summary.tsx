import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';

/** One problem with the answers: the field it belongs to (its id) and what to do about it. */
export interface FieldError {
  fieldId: string;
  message: string;
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

  useEffect(() => {
    if (key !== '') ref.current?.focus();
  }, [key]);

  if (errors.length === 0) return null;
  return (
    <Box
      ref={ref}
      tabIndex={-1}
      aria-labelledby="error-summary-title"
      role="alert"
      sx={{ border: 4, borderColor: 'error.main', p: 2, mb: 3, '&:focus': { outline: '3px solid', outlineColor: 'warning.main' } }}
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
                document.getElementById(error.fieldId)?.focus();
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
