import { expiringLocalStorage } from '@lender/api-client/storage';
import { harbourCredit, meadowLoans } from '@lender/ui/brands';
import { brandConfigOf } from '@lender/ui/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setLoginError } from '../../lib/auth-session';
import { storageKeys } from '../../lib/storage-keys';
import { answerCalls, bodyOf, callsTo, failure, setUpSignInTests } from '../../test/sign-in-support';

const { fetchMock, renderAt } = setUpSignInTests();

const sent = { resultData: { expiresInSeconds: 600 } };

describe('/login/emailLogin', () => {
  it('asks one question with the right input attributes, and validates on submit with a focused error summary', async () => {
    answerCalls(fetchMock, {});
    renderAt('/login/emailLogin');

    const field = await screen.findByLabelText('E-mail address');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(field).toHaveAttribute('autocomplete', 'email');
    expect(field).toHaveAttribute('inputmode', 'email');
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/login/home');

    await userEvent.click(screen.getByRole('button', { name: 'Email me a sign-in link' }));
    const summary = screen.getByRole('alert', { name: 'There is a problem' });
    expect(summary).toHaveTextContent('There is a problem');
    expect(summary).toHaveFocus();
    expect(field).toHaveAccessibleDescription('Error: Enter your email address');

    await userEvent.type(field, 'not-an-address');
    await userEvent.click(screen.getByRole('button', { name: 'Email me a code' }));
    expect(field).toHaveAccessibleDescription('Error: Enter an email address in the correct format, like name@example.com');
    await userEvent.click(screen.getByRole('link', { name: /correct format/ }));
    expect(field).toHaveFocus();
    expect(callsTo(fetchMock, '/user/magicLink')).toHaveLength(0);
    expect(callsTo(fetchMock, '/account/sendEmailVerify')).toHaveLength(0);
  });

  it('e-mails a sign-in link, says to check the e-mail, and sends it again when asked', async () => {
    answerCalls(fetchMock, { '/user/magicLink': sent, '/user/resendMagicLink': sent });
    renderAt('/login/emailLogin');

    await userEvent.type(await screen.findByLabelText('E-mail address'), ' new.person@example.com ');
    await userEvent.click(screen.getByRole('button', { name: 'Email me a sign-in link' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Check your e-mail' })).toBeInTheDocument();
    expect(screen.getByText('new.person@example.com')).toBeInTheDocument();
    expect(screen.getByText(/for 10 minutes/)).toBeInTheDocument();
    expect(await bodyOf(fetchMock, '/user/magicLink')).toEqual({ email: 'new.person@example.com' });

    await userEvent.click(screen.getByRole('button', { name: 'Send the link again' }));
    expect(await screen.findByText('We have sent a new link.')).toBeInTheDocument();
    expect(await bodyOf(fetchMock, '/user/resendMagicLink')).toEqual({ email: 'new.person@example.com' });
  });

  it('e-mails a code and moves to the code screen, keeping the address out of the URL', async () => {
    answerCalls(fetchMock, { '/account/sendEmailVerify': sent });
    const router = renderAt('/login/emailLogin');

    await userEvent.type(await screen.findByLabelText('E-mail address'), 'up-to-date@personas.example');
    await userEvent.click(screen.getByRole('button', { name: 'Email me a code' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Check your e-mail' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login/emailCode');
    expect(router.state.location.search).toBe('');
    expect(screen.getByText('up-to-date@personas.example')).toBeInTheDocument();
    expect(await bodyOf(fetchMock, '/account/sendEmailVerify')).toEqual({
      param: 'up-to-date@personas.example',
      type: 'EMAIL',
    });
  });

  it('shows the address as typed again when a different one is to be used', async () => {
    answerCalls(fetchMock, { '/user/magicLink': sent });
    renderAt('/login/emailLogin');

    await userEvent.type(await screen.findByLabelText('E-mail address'), 'new.persn@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Email me a sign-in link' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Use a different e-mail address' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Log in with your e-mail' })).toBeInTheDocument();
    expect(screen.getByLabelText('E-mail address')).toHaveValue('new.persn@example.com');
  });

  it('shows the stored login error once', async () => {
    setLoginError('Your session token has expired. Please log in again.');
    answerCalls(fetchMock, {});
    renderAt('/login/emailLogin');

    const banner = await screen.findByRole('region', { name: 'You need to log in again' });
    expect(banner).toHaveTextContent('Your session token has expired. Please log in again.');
    expect(sessionStorage.getItem('loginError')).toBeNull();
  });
});

describe('/{white-label}/login/emailLogin', () => {
  it('themes the app as the white-label brand and asks for links that open in it', async () => {
    answerCalls(fetchMock, {
      '/eligibility/getRebrandParams': { resultData: brandConfigOf(harbourCredit) },
      '/user/magicLink': sent,
    });
    renderAt('/harbour/login/emailLogin');

    await screen.findByLabelText('E-mail address');
    await waitFor(() => {
      expect(callsTo(fetchMock, '/eligibility/getRebrandParams')).toHaveLength(1);
    });
    expect(new URL(callsTo(fetchMock, '/eligibility/getRebrandParams')[0]?.url ?? '').searchParams.get('clientName')).toBe(
      'harbour',
    );
    expect(await screen.findByRole('banner')).toHaveTextContent('Harbour Credit');
    expect(localStorage.getItem('whiteLabel')).toBe('harbour');

    await userEvent.type(screen.getByLabelText('E-mail address'), 'jo@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Email me a sign-in link' }));
    await screen.findByRole('heading', { level: 1, name: 'Check your e-mail' });
    expect(await bodyOf(fetchMock, '/user/magicLink')).toEqual({ email: 'jo@example.com', clientName: 'harbour' });
  });

  it('is the 404 page for a first segment the BFF has no brand for, and the default brand applies', async () => {
    answerCalls(fetchMock, {
      '/eligibility/getRebrandParams': (request) => {
        const named = new URL(request.url).searchParams.get('clientName');
        const body =
          named === null
            ? { status: 200, errorCode: 0, errorMessage: '', resultData: brandConfigOf(meadowLoans) }
            : { status: 400, errorCode: 100400, errorMessage: `There is no brand called ${named}.`, resultData: null };
        return new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });
      },
    });
    renderAt('/nobody/login/emailLogin');

    expect(await screen.findByRole('heading', { level: 1, name: '404 page not found...' })).toBeInTheDocument();
    expect(localStorage.getItem('whiteLabel')).toBeNull();
    // The refused name is forgotten: the default brand is asked for, and applies.
    await waitFor(() => {
      const asked = callsTo(fetchMock, '/eligibility/getRebrandParams').map((request) =>
        new URL(request.url).searchParams.get('clientName'),
      );
      expect(asked).toEqual(['nobody', null]);
    });
  });

  it('is the 404 page at once for a first segment that cannot be a brand key', async () => {
    answerCalls(fetchMock, {});
    renderAt('/No%20Brand/login/emailLogin');

    expect(await screen.findByRole('heading', { level: 1, name: '404 page not found...' })).toBeInTheDocument();
    expect(localStorage.getItem('whiteLabel')).toBeNull();
  });
});

describe('/login/emailLogin in staff mode', () => {
  it('signs in as the borrower with the staff token and no code, and says inline when it cannot', async () => {
    expiringLocalStorage.setItem(storageKeys.staffLogin, 'staff-token-1');
    answerCalls(fetchMock, {
      '/account/adminLogin': failure(100614, 'There is no borrower with that e-mail address.'),
    });
    renderAt('/login/emailLogin');

    const field = await screen.findByLabelText('Borrower’s e-mail address');
    expect(screen.getByRole('heading', { level: 1, name: 'Sign in as a borrower' })).toBeInTheDocument();
    expect(field).toHaveAttribute('autocomplete', 'off');
    expect(screen.queryByRole('button', { name: 'Email me a code' })).toBeNull();
    await userEvent.type(field, 'up-to-date@personas.example');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in as this borrower' }));

    expect(await screen.findByRole('link', { name: 'There is no borrower with that e-mail address.' })).toBeInTheDocument();
    expect(field).toHaveAccessibleDescription('Error: There is no borrower with that e-mail address.');
    expect(callsTo(fetchMock, '/account/adminLogin')[0]?.headers.get('staffToken')).toBe('staff-token-1');
    expect(await bodyOf(fetchMock, '/account/adminLogin')).toEqual({ param: 'up-to-date@personas.example', type: 'EMAIL' });
  });
});
