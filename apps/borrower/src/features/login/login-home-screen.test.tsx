import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answerCalls, callsTo, setUpSignInTests, signIn } from '../../test/sign-in-support';

const { fetchMock, renderAt } = setUpSignInTests();

function signInAs(first = 'Alex', last = 'Morgan'): void {
  signIn();
  localStorage.setItem('firstName', first);
  localStorage.setItem('lastName', last);
}

describe('/login/home signed out', () => {
  it('offers e-mail, phone and PIN sign-in as links, and a discreet staff sign-in', async () => {
    answerCalls(fetchMock, {});
    renderAt('/login/home');

    await screen.findByRole('heading', { level: 1, name: 'Meadow Loans' });
    const ways = screen.getByRole('navigation', { name: 'Ways to log in' });
    expect(ways).toContainElement(screen.getByRole('link', { name: 'Log in with e-mail' }));
    expect(screen.getByRole('link', { name: 'Log in with e-mail' })).toHaveAttribute('href', '/login/emailLogin');
    expect(screen.getByRole('link', { name: 'Log in with your phone' })).toHaveAttribute('href', '/login/phoneLogin');
    expect(screen.getByRole('link', { name: 'Log in with your PIN' })).toHaveAttribute('href', '/pin_log_in');
    expect(screen.getByRole('button', { name: 'Staff sign-in' })).toBeInTheDocument();
    expect(screen.queryByText(/Signed in/)).not.toBeInTheDocument();
  });
});

describe('/login/home signed in', () => {
  it('says who is signed in, hides the ways in, and logs out back to them, keeping the platform marker', async () => {
    signInAs();
    localStorage.setItem('platform', 'pc');
    answerCalls(fetchMock, { '/user/logout': {} });
    renderAt('/login/home');

    expect(await screen.findByText('Signed in as Alex Morgan')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Log in with e-mail' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Staff sign-in' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Log out' }));

    expect(await screen.findByRole('link', { name: 'Log in with e-mail' })).toBeInTheDocument();
    expect(screen.queryByText(/Signed in/)).not.toBeInTheDocument();
    expect(callsTo(fetchMock, '/user/logout')).toHaveLength(1);
    await waitFor(() => {
      expect(localStorage.getItem('accessToken')).toBeNull();
    });
    expect(localStorage.getItem('firstName')).toBeNull();
    expect(localStorage.getItem('platform')).toBe('pc');
  });
});
