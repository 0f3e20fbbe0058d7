import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import type { ReactNode } from 'react';
import { visuallyHidden } from '@lender/ui/visually-hidden';

/**
 * The hint and the inline error of a field, as GOV.UK shows them: both at once (the hint stays when an error
 * shows), the error read with a visually hidden "Error:" before it, and both tied to the field by
 * `aria-describedby` (hint first). Every field of the app, old or new, renders them through here.
 */

/** The ids of a field's hint and error, and the `aria-describedby` that names those shown. */
export function describedBy(idPrefix: string, hint: unknown, error: string | undefined) {
  const hintId = `${idPrefix}-hint`;
  const errorId = `${idPrefix}-error`;
  const ids = [hint === undefined ? undefined : hintId, error === undefined ? undefined : errorId].filter(
    (id) => id !== undefined,
  );
  return { hintId, errorId, describedBy: ids.length === 0 ? undefined : ids.join(' ') };
}

export function FieldHint({ id, children }: { id: string; children: ReactNode }) {
  return (
    <FormHelperText id={id} error={false} sx={{ typography: 'body2', mx: 0, mt: 0, mb: 1 }}>
      {children}
    </FormHelperText>
  );
}

/** The inline error: "Error:" is read before the message, not shown (the red text says it). */
export function FieldErrorMessage({ id, message }: { id: string; message: string }) {
  return (
    <FormHelperText id={id} error sx={{ typography: 'body2', fontWeight: 600, mx: 0, mt: 0, mb: 1 }}>
      <Box component="span" sx={visuallyHidden}>
        Error:
      </Box>{' '}
      {message}
    </FormHelperText>
  );
}

/** The hint, then the error, each only when there is one. */
export function FieldMessages({
  hint,
  error,
  hintId,
  errorId,
}: {
  hint: ReactNode;
  error: string | undefined;
  hintId: string;
  errorId: string;
}) {
  return (
    <>
      {hint === undefined ? null : <FieldHint id={hintId}>{hint}</FieldHint>}
      {error === undefined ? null : <FieldErrorMessage id={errorId} message={error} />}
    </>
  );
}

/**
 * The hint and the error as one line of text, for a field whose helper text MUI draws (a native select of
 * MUI's TextField): the hint stays, the error follows its hidden "Error:".
 */
export function HintThenError({ hint, error }: { hint: ReactNode; error: string | undefined }) {
  return (
    <>
      {hint}
      {error === undefined ? null : (
        <Box component="span" sx={{ display: 'block', color: 'error.main', fontWeight: 600 }}>
          <Box component="span" sx={visuallyHidden}>
            Error:
          </Box>{' '}
          {error}
        </Box>
      )}
    </>
  );
}
