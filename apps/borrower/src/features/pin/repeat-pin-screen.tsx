import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { SyntheticEvent } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { paths } from '../../lib/paths';
import { api } from '../../lib/api';
import { inlineMessage } from '../../components/inline-message';
import type { FieldError } from '../../components/error-summary';
import { PIN_MISMATCH, STAFF_FORBIDDEN } from '../../lib/sign-in';
import { SignInPage } from '../../components/sign-in-page';
import { PinForm } from './pin-form';
import { pinError, useChosenPin } from './pin-store';

const FIELD_ID = 'pinConfirm';

/**
 * /login/repeatPin: the PIN again, and both are sent (user/setPinCode). PINs that differ (100616) and staff
 * mode, where a borrower's PIN cannot be changed (100617), are said inline. Without a chosen PIN (a reload)
 * the person chooses again.
 */
export function RepeatPinScreen() {
  const navigate = useNavigate();
  // An approved applicant goes back to /approved, which moves on to their next stage; everyone else goes home.
  const onward = useLocation().state as { afterPin?: unknown } | null;
  const next = onward?.afterPin === paths.approved ? paths.approved : paths.login.home;
  const chosen = useChosenPin((state) => state.pin);
  const forget = useChosenPin((state) => state.forget);
  const [pin, setPin] = useState('');
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState(false);

  // Once saved, the PIN is forgotten on the way out: that is not a reload.
  if (chosen === null && !saved) return <Navigate replace to={paths.login.setPin} />;
  const first = chosen ?? '';

  function submit(event: SyntheticEvent) {
    event.preventDefault();
    const message = pinError(pin, 'Enter your PIN again');
    setErrors(message === undefined ? [] : [{ fieldId: FIELD_ID, message }]);
    if (message !== undefined) return;
    setBusy(true);
    api.post('/user/setPinCode', { body: { pin: first, pinConfirm: pin } }).then(
      () => {
        setSaved(true);
        forget();
        void navigate(next, { replace: true });
      },
      (error: unknown) => {
        setBusy(false);
        setPin('');
        const inline = inlineMessage(error, [PIN_MISMATCH, STAFF_FORBIDDEN]);
        if (inline !== undefined) setErrors([{ fieldId: FIELD_ID, message: inline }]);
      },
    );
  }

  return (
    <SignInPage title="Type your PIN again" backTo={paths.login.setPin}>
      <PinForm
        errors={errors}
        intro={<Typography sx={{ mb: 3 }}>This makes sure you typed the PIN you meant to.</Typography>}
        fieldId={FIELD_ID}
        label="PIN again"
        pin={pin}
        onPinChange={setPin}
        submitLabel="Save my PIN"
        busy={busy}
        onSubmit={submit}
      />
    </SignInPage>
  );
}
