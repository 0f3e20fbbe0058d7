import { envelopeResponse } from '@lender/api-client/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setRedirectInfo } from '../../lib/auth-session';
import { answerCalls, bodyOf, callsTo, failure, loginResult, setUpSignInTests, StrictProviders } from '../../test/sign-in-support';

// StrictMode as in main.tsx: it mounts every screen twice in development, which the magic link must survive.

const { fetchMock, renderAt } = setUpSignInTests(StrictProviders);

describe('/login/phoneLogin', () => {
  it('asks for a UK mobile number, validates it, and texts a code to it', async () => {
    answerCalls(fetchMock, { '/account/sendEmailVerify': { resultData: { expiresInSeconds: 600 } } });
    const router = renderAt('/login/phoneLogin');

    const field = await screen.findByLabelText('UK mobile number');
    expect(field).toHaveAttribute('autocomplete', 'tel');
    expect(field).toHaveAttribute('inputmode', 'tel');
    await userEvent.type(field, '020 7946 0123');
    await userEvent.click(screen.getByRole('button', { name: 'Text me a code' }));
    expect(field).toHaveAccessibleDescription('For example, 07700 900 982 Error: Enter a UK mobile number, like 07700 900 982');
    expect(callsTo(fetchMock, '/account/sendEmailVerify')).toHaveLength(0);

    await userEvent.clear(field);
    await userEvent.type(field, '07700 900 101');
    await userEvent.click(screen.getByRole('button', { name: 'Text me a code' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Check your text message' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login/phoneCode');
    expect(router.state.location.search).toBe('');
    expect(await bodyOf(fetchMock, '/account/sendEmailVerify')).toEqual({ param: '07700900101', type: 'PHONE' });
  });
});

describe('/login/emailMagicLink', () => {
  it('redeems the token with one POST, even mounted twice, and signs in', async () => {
    let answer: (response: Response) => void = () => undefined;
    answerCalls(fetchMock, {
      '/user/redeemMagicLink': () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    const router = renderAt('/login/emailMagicLink?token=abcdefghijklmnopqrstuvwxyz012345');

    expect(await screen.findByRole('heading', { level: 1, name: 'Signing you in' })).toBeInTheDocument();
    await waitFor(() => {
      expect(callsTo(fetchMock, '/user/redeemMagicLink')).toHaveLength(1);
    });
    answer(envelopeResponse({ resultData: loginResult({ pinSet: false }) }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Choose a PIN' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login/setPin');
    expect(callsTo(fetchMock, '/user/redeemMagicLink')).toHaveLength(1);
    expect(await bodyOf(fetchMock, '/user/redeemMagicLink')).toEqual({ token: 'abcdefghijklmnopqrstuvwxyz012345' });
    expect(localStorage.getItem('accessToken')).not.toBeNull();
  });

  it('sends a dead link (100502) to the e-mail login with the message', async () => {
    answerCalls(fetchMock, {
      '/user/redeemMagicLink': failure(100502, 'This link no longer works. Ask for a new one.'),
    });
    const router = renderAt('/login/emailMagicLink?token=abcdefghijklmnopqrstuvwxyz012345');

    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/login/emailLogin');
    });
    expect(await screen.findByRole('region', { name: 'You need to log in again' })).toHaveTextContent(
      'This link no longer works. Ask for a new one.',
    );
  });

  it('says a link without a token did not work, and sends nothing', async () => {
    answerCalls(fetchMock, {});
    renderAt('/login/emailMagicLink');

    expect(await screen.findByRole('heading', { level: 1, name: 'This sign-in link did not work' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Get a new link' })).toHaveAttribute('href', '/login/emailLogin');
    expect(callsTo(fetchMock, '/user/redeemMagicLink')).toHaveLength(0);
  });
});

describe('/login/redirectLogin', () => {
  it('shows the redirectInfo message and the ways to sign in', async () => {
    setRedirectInfo('You have not set a PIN yet. Log in with your e-mail.');
    answerCalls(fetchMock, {});
    renderAt('/login/redirectLogin');

    expect(await screen.findByRole('region', { name: 'Important' })).toHaveTextContent(
      'You have not set a PIN yet. Log in with your e-mail.',
    );
    expect(screen.getByRole('link', { name: 'Log in with e-mail' })).toHaveAttribute('href', '/login/emailLogin');
    expect(screen.getByRole('link', { name: 'Log in with your phone' })).toHaveAttribute('href', '/login/phoneLogin');
  });
});
