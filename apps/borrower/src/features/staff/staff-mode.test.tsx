import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { saveStaffLogin } from '../../lib/auth-session';
import { answerCalls, bodyOf, callsTo, failure, loginResult, setUpSignInTests } from '../../test/sign-in-support';
import { useStaffMode } from '../../lib/staff-mode';

const { fetchMock, renderAt } = setUpSignInTests();

const inAnHour = () => new Date(Date.now() + 3600_000).toISOString();

async function openDialog(): Promise<HTMLElement> {
  await userEvent.click(await screen.findByRole('button', { name: 'Staff sign-in' }));
  return screen.findByRole('dialog', { name: 'Staff sign-in' });
}

describe('the staff sign-in dialog', () => {
  it('asks for both account and password with exactly the message of spec §5, without calling the BFF', async () => {
    answerCalls(fetchMock, {});
    renderAt('/login/home');
    const dialog = await openDialog();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Sign in' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(/^Please enter your account and password$/);
    expect(within(dialog).getByLabelText('Account')).toHaveAttribute('aria-invalid', 'true');

    await userEvent.type(within(dialog).getByLabelText('Account'), 'sandbox.staff');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sign in' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(/^Please enter your account and password$/);
    expect(within(dialog).getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByLabelText('Password')).toHaveAttribute('autocomplete', 'current-password');
    expect(callsTo(fetchMock, '/account/staffLogin')).toHaveLength(0);
  });

  it('says wrong credentials inline (100614) and stays open', async () => {
    answerCalls(fetchMock, {
      '/account/staffLogin': failure(100614, 'The account or password is not right.'),
    });
    renderAt('/login/home');
    const dialog = await openDialog();

    await userEvent.type(within(dialog).getByLabelText('Account'), 'sandbox.staff');
    await userEvent.type(within(dialog).getByLabelText('Password'), 'wrong');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sign in' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The account or password is not right.');
    expect(localStorage.getItem('staff_login')).toBeNull();
  });

  it('keeps the staff token, shows the banner on every screen and leads to signing in as a borrower', async () => {
    answerCalls(fetchMock, {
      '/account/staffLogin': { resultData: { staffToken: 'staff-token-1', displayName: 'Robin Hale', expiresAt: inAnHour() } },
    });
    const router = renderAt('/login/home');
    const dialog = await openDialog();

    await userEvent.type(within(dialog).getByLabelText('Account'), 'sandbox.staff');
    await userEvent.type(within(dialog).getByLabelText('Password'), 'Meadow-Staff-2026');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in as a borrower' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login/emailLogin');
    expect(await bodyOf(fetchMock, '/account/staffLogin')).toEqual({ account: 'sandbox.staff', password: 'Meadow-Staff-2026' });
    expect(screen.getByRole('region', { name: 'Staff mode' })).toHaveTextContent('Staff mode');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(localStorage.getItem('staff_login')).toContain('staff-token-1');
  });
});

describe('acting for a borrower', () => {
  it('signs in as the borrower with the staff token and no code, and the banner names them', async () => {
    saveStaffLogin('staff-token-1', inAnHour());
    useStaffMode.getState().sync();
    answerCalls(fetchMock, {
      '/account/adminLogin': { resultData: loginResult({ staffActing: true, pinSet: false, firstName: 'Bailey', lastName: 'Carter' }) },
    });
    const router = renderAt('/login/emailLogin');

    await screen.findByRole('heading', { level: 1, name: 'Sign in as a borrower' });
    expect(screen.queryByRole('button', { name: 'Email me a code' })).not.toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Borrower’s e-mail address'), 'arrears@personas.example');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in as this borrower' }));

    // Staff may not set a borrower's PIN: they land on the borrower's loan even without one.
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/loanDashboard/main');
    });
    const [request] = callsTo(fetchMock, '/account/adminLogin');
    expect(request?.headers.get('staffToken')).toBe('staff-token-1');
    expect(await bodyOf(fetchMock, '/account/adminLogin')).toEqual({ param: 'arrears@personas.example', type: 'EMAIL' });
    // The header names the borrower too (behind the menu button on a narrow screen, so asked of as hidden here).
    expect(await screen.findByRole('navigation', { name: 'Your account', hidden: true })).toHaveTextContent(
      'Signed in as Bailey Carter',
    );
    await waitFor(() => {
      expect(screen.getByRole('region', { name: 'Staff mode' })).toHaveTextContent('You are acting for Bailey Carter');
    });
  });

  it('says inline that no borrower has the address (100614)', async () => {
    saveStaffLogin('staff-token-1', inAnHour());
    useStaffMode.getState().sync();
    answerCalls(fetchMock, { '/account/adminLogin': failure(100614, 'No customer has this e-mail address.') });
    renderAt('/login/emailLogin');

    await userEvent.type(await screen.findByLabelText('Borrower’s e-mail address'), 'nobody@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in as this borrower' }));

    expect(await screen.findByRole('link', { name: 'No customer has this e-mail address.' })).toBeInTheDocument();
    expect(screen.getByLabelText('Borrower’s e-mail address')).toHaveAccessibleDescription(
      'Error: No customer has this e-mail address.',
    );
  });

  it('leaves staff mode: the staff token and the borrower session go, and the banner with them', async () => {
    saveStaffLogin('staff-token-1', inAnHour());
    localStorage.setItem('staffActing', 'true');
    localStorage.setItem('firstName', 'Bailey');
    localStorage.setItem('lastName', 'Carter');
    useStaffMode.getState().sync();
    answerCalls(fetchMock, { '/user/logout': {} });
    const router = renderAt('/pin_log_in');

    const banner = await screen.findByRole('region', { name: 'Staff mode' });
    expect(banner).toHaveTextContent('You are acting for Bailey Carter');
    await userEvent.click(within(banner).getByRole('button', { name: 'Leave staff mode' }));

    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/login/home');
    });
    expect(screen.queryByRole('region', { name: 'Staff mode' })).not.toBeInTheDocument();
    expect(callsTo(fetchMock, '/user/logout')).toHaveLength(1);
    expect(localStorage.getItem('staff_login')).toBeNull();
    expect(localStorage.getItem('firstName')).toBeNull();
    expect(await screen.findByRole('button', { name: 'Staff sign-in' })).toBeInTheDocument();
  });
});
