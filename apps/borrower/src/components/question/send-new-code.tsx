import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useFormContext, useFormState } from 'react-hook-form';
import { serverFieldErrors } from './server-field-errors';
import type { ServerCodes } from './server-field-errors';

export interface SendNewCodeProps {
  /** Sends a new code to where the last one went. */
  send: () => Promise<unknown>;
  /** Whether a code is on its way (the link waits, as Continue does through the page's `busy`). */
  sending: boolean;
  onSending: (sending: boolean) => void;
  /** Once sent: the page says so in its own words. */
  onSent: () => void;
  /** The code's answer, emptied with every message once a new code is sent. */
  name?: string;
  /** The refusals of `send` said by the code's field; without it, the shared error table tells them. */
  serverCodes?: ServerCodes;
  mt?: number;
}

/**
 * "Not received it? Send a new code", in a code page's `after` (it uses the page's form): while the code is on
 * its way neither it nor Continue can be pressed again; once sent, the code typed so far and its messages go.
 */
export function SendNewCode({ send, sending, onSending, onSent, name = 'code', serverCodes, mt = 4 }: SendNewCodeProps) {
  const { clearErrors, setError, setValue } = useFormContext();
  const { isSubmitting } = useFormState();

  function sendNew() {
    onSending(true);
    send().then(
      () => {
        onSending(false);
        clearErrors();
        setValue(name, '');
        onSent();
      },
      (error: unknown) => {
        onSending(false);
        if (serverCodes === undefined) return;
        const fields = serverFieldErrors(error, { field: name, codes: serverCodes });
        for (const [field, message] of Object.entries(fields ?? {})) setError(field, { type: 'server', message });
      },
    );
  }

  return (
    <Typography sx={{ mt }}>
      Not received it?{' '}
      <Link
        component="button"
        type="button"
        onClick={sendNew}
        disabled={sending || isSubmitting}
        sx={{ verticalAlign: 'baseline' }}
      >
        Send a new code
      </Link>
    </Typography>
  );
}
