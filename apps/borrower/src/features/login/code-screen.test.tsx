import { expiringLocalStorage } from '@lender/api-client/storage';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { rememberPendingAddress } from '../../lib/sign-in';
import { answerCalls, bodyOf, callsTo, failure, loginResult, setUpSignInTests } from '../../test/sign-in-support';

const { fetchMock, renderAt } = setUpSignInTests();

/** The code field's hint, read before any message about the code. */
const CODE_HINT = 'The code is in the e-mail we sent you. It has 6 digits and works for 10 minutes.';

describe('/login/emailCode', () => {
  it('takes a pasted code with spaces, signs in with it, and leads someone without a PIN to choose one', async () => {
    rememberPendingAddress({ type: 'EMAIL', param: 'regstage-welcome@personas.example' });
    answerCalls(fetchMock, { '/account/adminLogin': { resultData: loginResult({ pinSet: false, firstName: 'Harper' }) } });
    const router = renderAt('/login/emailCode');

    const field = await screen.findByLabelText('Code');
    expect(field).toHaveAttribute('autocomplete', 'one-time-code');
    expect(field).toHaveAttribute('inputmode', 'numeric');
    await userEvent.click(field);
    await userEvent.paste(' 123 456 ');
    expect(field).toHaveValue('123456');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Choose a PIN' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login/setPin');
    expect(await bodyOf(fetchMock, '/account/adminLogin')).toEqual({
      param: 'regstage-welcome@personas.example',
      code: '123456',
      type: 'EMAIL',
    });
    expect(localStorage.getItem('accessToken')).not.toBeNull();
    expect(expiringLocalStorage.getItem('firstName')).toBe('Harper');
    expect(sessionStorage.getItem('signInAddress')).toBeNull();
  });

  it('leads someone whose PIN is locked to choose a new one, application or not', async () => {
    rememberPendingAddress({ type: 'EMAIL', param: 'pin-locked@personas.example' });
    answerCalls(fetchMock, {
      '/account/adminLogin': { resultData: loginResult({ applyId: 'app_pin_locked', pinSet: true, pinLocked: true }) },
    });
    const router = renderAt('/login/emailCode');

    await userEvent.type(await screen.findByLabelText('Code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Choose a PIN' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login/setPin');
    // Where the application resumes is not asked: the new PIN comes first.
    expect(callsTo(fetchMock, '/accountApplication/getApplicationInfo')).toHaveLength(0);
  });

  it('says a wrong code inline with the server message (how many tries are left), and checks the shape first', async () => {
    rememberPendingAddress({ type: 'EMAIL', param: 'up-to-date@personas.example' });
    answerCalls(fetchMock, { '/account/adminLogin': failure(100614, 'That code is not right. You have 4 tries left.') });
    renderAt('/login/emailCode');

    const field = await screen.findByLabelText('Code');
    await userEvent.type(field, '12a');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(field).toHaveAccessibleDescription(`${CODE_HINT} Error: The code must only include numbers 0 to 9`);
    expect(callsTo(fetchMock, '/account/adminLogin')).toHaveLength(0);

    await userEvent.clear(field);
    await userEvent.type(field, '000000');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));

    expect(await screen.findByRole('link', { name: 'That code is not right. You have 4 tries left.' })).toBeInTheDocument();
    expect(field).toHaveAccessibleDescription(`${CODE_HINT} Error: That code is not right. You have 4 tries left.`);
    expect(screen.getByRole('alert', { name: 'There is a problem' })).toHaveFocus();
  });

  it('sends a new code to the same address', async () => {
    rememberPendingAddress({ type: 'EMAIL', param: 'up-to-date@personas.example' });
    answerCalls(fetchMock, { '/account/sendEmailVerify': { resultData: { expiresInSeconds: 600 } } });
    renderAt('/login/emailCode');

    await userEvent.click(await screen.findByRole('button', { name: 'Send a new code' }));

    expect(await screen.findByText('We have sent a new code. The old one no longer works.')).toBeInTheDocument();
    expect(await bodyOf(fetchMock, '/account/sendEmailVerify')).toEqual({
      param: 'up-to-date@personas.example',
      type: 'EMAIL',
    });
  });

  it('clears the code typed and its message once a new code is sent', async () => {
    rememberPendingAddress({ type: 'EMAIL', param: 'up-to-date@personas.example' });
    answerCalls(fetchMock, {
      '/account/adminLogin': failure(100614, 'That code is not right. You have 4 tries left.'),
      '/account/sendEmailVerify': { resultData: { expiresInSeconds: 600 } },
    });
    renderAt('/login/emailCode');

    const field = await screen.findByLabelText('Code');
    await userEvent.type(field, '000000');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('link', { name: 'That code is not right. You have 4 tries left.' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Send a new code' }));
    expect(await screen.findByText('We have sent a new code. The old one no longer works.')).toBeInTheDocument();
    expect(field).toHaveValue('');
    expect(field).toHaveAccessibleDescription(CODE_HINT);
    expect(screen.queryByRole('alert', { name: 'There is a problem' })).toBeNull();
  });

  it('sends someone without a pending address back to type one', async () => {
    answerCalls(fetchMock, {});
    const router = renderAt('/login/emailCode');

    expect(await screen.findByRole('heading', { level: 1, name: 'Log in with your e-mail' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login/emailLogin');
  });

  it('goes to login with the message when the code is dead (100502)', async () => {
    rememberPendingAddress({ type: 'EMAIL', param: 'up-to-date@personas.example' });
    answerCalls(fetchMock, {
      '/account/adminLogin': failure(100502, 'This code no longer works. Ask for a new one.'),
    });
    const router = renderAt('/login/emailCode');

    await userEvent.type(await screen.findByLabelText('Code'), '111111');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));

    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/login/emailLogin');
    });
    expect(await screen.findByRole('region', { name: 'You need to log in again' })).toHaveTextContent(
      'This code no longer works. Ask for a new one.',
    );
  });
});

describe('/login/phoneCode', () => {
  it('signs in with the SMS code sent to the number, and a borrower with a loan lands on their loan', async () => {
    rememberPendingAddress({ type: 'PHONE', param: '07700900101' });
    answerCalls(fetchMock, { '/account/adminLogin': { resultData: loginResult() } });
    const router = renderAt('/login/phoneCode');

    expect(await screen.findByRole('heading', { level: 1, name: 'Check your text message' })).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Code'), '654321');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Your loan' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Your account', hidden: true })).toHaveTextContent('Signed in as Alex Morgan');
    expect(router.state.location.pathname).toBe('/loanDashboard/main');
    expect(await bodyOf(fetchMock, '/account/adminLogin')).toEqual({ param: '07700900101', code: '654321', type: 'PHONE' });
  });
});
