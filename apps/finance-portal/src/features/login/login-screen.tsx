import { isApiError } from '@lender/api-client';
import { requestFieldSchema } from '@lender/api-client/requests';
import { useBrand } from '@lender/ui/brand';
import { ErrorSummary } from '@lender/ui/components/error-summary';
import type { FieldError } from '@lender/ui/components/error-summary';
import { PageLoading } from '@lender/ui/screens/page-loading';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { SyntheticEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { takePortalLoginError } from '../../lib/api-error-effects';
import { useBrandStore } from '../../lib/brand-store';
import { signInToPortal } from '../../lib/portal-account';
import { storePortalSession } from '../../lib/portal-session';
import { paths } from '../../lib/paths';

type Field = 'email' | 'password';
const FIELDS: readonly Field[] = ['email', 'password'];

/** What the BFF would answer for each field, checked with the contract's own rules before anything is sent. */
function problemsWith(values: Record<Field, string>): FieldError[] {
  return FIELDS.flatMap((field) => {
    // An empty field is one not given: the contract's "required" message names what to enter.
    const result = requestFieldSchema('/portal/login', field)?.safeParse(values[field] === '' ? undefined : values[field]);
    const message = result?.success === false ? result.error.issues[0]?.message : undefined;
    return message === undefined ? [] : [{ fieldId: field, message }];
  });
}

/**
 * The portal's first screen, for guests only (its loader sends a signed-in user on): the brand, and the sign-in
 * form of e-mail address and password. Problems are shown the GOV.UK way: an error summary that takes focus,
 * linking to each field, and the message again beside the field. A wrong password and an unknown address get
 * one message from the BFF, which belongs to the e-mail address (the first field). A message left by a session
 * that ended (spec §8) is shown once, above the form.
 */
export function LoginScreen() {
  const { state, load } = useBrand(useBrandStore);
  const navigate = useNavigate();
  const { search } = useLocation();
  const [notice] = useState(() => takePortalLoginError());
  const [values, setValues] = useState<Record<Field, string>>({ email: '', password: '' });
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [busy, setBusy] = useState(false);

  if (state.status === 'idle' || state.status === 'loading') return <PageLoading />;

  function submit(event: SyntheticEvent) {
    event.preventDefault();
    const email = values.email.trim();
    const problems = problemsWith({ email, password: values.password });
    setErrors(problems);
    if (problems.length > 0) return;
    setBusy(true);
    signInToPortal({ email, password: values.password }).then(
      (login) => {
        storePortalSession(login.accessToken);
        // The portal is drawn in the brand of the user's firm: ask again now that the session says which.
        void useBrandStore.getState().load();
        // Back through login, whose loader sends a signed-in user where they were going.
        void navigate(`${paths.login}${search}`, { replace: true });
      },
      (error: unknown) => {
        setBusy(false);
        setValues((current) => ({ ...current, password: '' }));
        // Without an answer the portal's error table has said so in a toast already.
        if (isApiError(error) && error.kind === 'envelope') setErrors([{ fieldId: 'email', message: error.errorMessage }]);
      },
    );
  }

  const errorOf = (field: Field) => errors.find((error) => error.fieldId === field)?.message;

  return (
    <Container component="main" maxWidth="sm" sx={{ py: 6 }}>
      <Typography variant="h1" gutterBottom>
        Finance portal
      </Typography>
      {state.status === 'ready' ? (
        <>
          <Typography sx={{ mb: 3 }}>{state.brand.displayName}</Typography>
          {notice === null ? null : (
            <Typography role="status" sx={{ mb: 3, fontWeight: 600 }}>
              {notice}
            </Typography>
          )}
          <ErrorSummary errors={errors} />
          <Box component="form" noValidate onSubmit={submit}>
            <Typography component="h2" variant="h5" sx={{ mb: 2 }}>
              Sign in
            </Typography>
            {FIELDS.map((field) => (
              <TextField
                key={field}
                id={field}
                label={field === 'email' ? 'Email address' : 'Password'}
                type={field === 'email' ? 'email' : 'password'}
                value={values[field]}
                onChange={(event) => {
                  setValues((current) => ({ ...current, [field]: event.target.value }));
                }}
                error={errorOf(field) !== undefined}
                helperText={errorOf(field)}
                fullWidth
                margin="normal"
                slotProps={{
                  htmlInput: {
                    autoComplete: field === 'email' ? 'username' : 'current-password',
                    ...(field === 'email' ? { inputMode: 'email', spellCheck: false } : {}),
                  },
                }}
              />
            ))}
            <Button type="submit" variant="contained" size="large" disabled={busy} sx={{ mt: 2 }}>
              Sign in
            </Button>
          </Box>
        </>
      ) : (
        <>
          <Typography role="alert" sx={{ mb: 3 }}>
            {state.message}
          </Typography>
          <Button variant="contained" onClick={() => void load()}>
            Try again
          </Button>
        </>
      )}
    </Container>
  );
}
