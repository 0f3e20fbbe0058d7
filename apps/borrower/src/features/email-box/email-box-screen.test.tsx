import { unsignedToken } from '@lender/api-client/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answerCalls, bodyOf, callsTo, loginResult, setUpSignInTests } from '../../test/sign-in-support';

const { fetchMock, renderAt } = setUpSignInTests();

const sandboxToken = unsignedToken({ aud: 'sandbox', exp: Math.floor(Date.now() / 1000) + 3600 });
const sandboxOn = { '/sandbox/info': { resultData: { enabled: true } } };
const personas = {
  resultData: {
    personas: [
      {
        key: 'up-to-date',
        title: 'Alex Morgan',
        description: 'An active loan with every instalment paid on time.',
        signIn: 'up-to-date@personas.example',
      },
    ],
    testCards: [{ value: '4000 0000 0000 0002', description: 'Declined' }],
    shareCodes: [{ value: 'W7K 4N9 PQ2', description: 'Verifies with 1990-04-12' }],
  },
};
const summary = {
  id: 'msg_1',
  kind: 'email',
  to: 'new.person@example.com',
  subject: 'Your sign-in link',
  createdAt: '2026-11-21T10:00:00Z',
};
const token = 'abcdefghijklmnopqrstuvwxyz012345';
/** A sign-in link as the BFF writes it: its public URL, then the hash route. */
const signInLink = (origin: string) => `${origin}/#/login/emailMagicLink?token=${token}`;

/** The answers of a mailbox holding one e-mail whose sign-in link starts with `origin`. */
function mailboxWithLinkTo(origin: string) {
  const href = signInLink(origin);
  return {
    ...sandboxOn,
    '/sandbox/login': { resultData: { sandboxToken } },
    '/sandbox/personas': personas,
    '/sandbox/searchEmail': { resultData: { messages: [summary] } },
    '/sandbox/email/msg_1': {
      resultData: {
        ...summary,
        from: 'no-reply@meadow-loans.example',
        html: `<p>Hello</p><p><a href="${href}">Sign in</a></p><script>alert(1)</script>`,
        text: 'Hello',
        links: [href],
      },
    },
    '/user/redeemMagicLink': { resultData: loginResult({ hasLoan: false }) },
  };
}

/** Searches the mailbox, opens the one message and answers it. */
async function openTheMessage(): Promise<HTMLElement> {
  await userEvent.type(await screen.findByLabelText('E-mail address or mobile number'), 'new.person@example.com');
  await userEvent.click(screen.getByRole('button', { name: 'Search' }));
  await userEvent.click(await screen.findByRole('button', { name: 'Your sign-in link' }));
  return screen.findByRole('article', { name: 'Your sign-in link' });
}

describe('/email-box', () => {
  it('is the 404 page when the BFF does not run against the sandbox', async () => {
    answerCalls(fetchMock, {});
    renderAt('/email-box');

    expect(await screen.findByRole('heading', { level: 1, name: '404 page not found...' })).toBeInTheDocument();
    expect(callsTo(fetchMock, '/sandbox/login')).toHaveLength(0);
  });

  it('signs in as the sandbox user with its own token, and lists personas, test cards and share codes', async () => {
    answerCalls(fetchMock, { ...sandboxOn, '/sandbox/login': { resultData: { sandboxToken } }, '/sandbox/personas': personas });
    renderAt('/email-box');

    expect(await screen.findByRole('heading', { level: 1, name: 'Sandbox mailbox' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 2, name: 'Personas and test data' })).toBeInTheDocument();
    expect(screen.getByText('up-to-date@personas.example', { exact: false })).toBeInTheDocument();
    expect(screen.getByText('4000 0000 0000 0002')).toBeInTheDocument();
    expect(screen.getByText('W7K 4N9 PQ2')).toBeInTheDocument();
    expect(callsTo(fetchMock, '/sandbox/login')).toHaveLength(1);
    expect(callsTo(fetchMock, '/sandbox/personas')[0]?.headers.get('accessToken')).toBe(sandboxToken);
    expect(sessionStorage.getItem('sandboxToken')).toContain(sandboxToken);
  });

  it('finds the messages to an address, opens one, and follows a sign-in link to this app in the same tab', async () => {
    // The BFF's public URL is the address the mailbox was opened at: the link is this app's.
    answerCalls(fetchMock, mailboxWithLinkTo(window.location.origin));
    const router = renderAt('/email-box');

    const message = await openTheMessage();
    expect(within(message).getByText('Hello')).toBeInTheDocument();
    expect(message.querySelector('script')).toBeNull();
    expect(await bodyOf(fetchMock, '/sandbox/searchEmail')).toEqual({ address: 'new.person@example.com' });
    expect(callsTo(fetchMock, '/sandbox/email/msg_1')[0]?.headers.get('accessToken')).toBe(sandboxToken);

    await userEvent.click(within(message).getByRole('link', { name: 'Sign in' }));

    await waitFor(() => {
      expect(callsTo(fetchMock, '/user/redeemMagicLink')).toHaveLength(1);
    });
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/amount/amount_default');
    });
    expect(await bodyOf(fetchMock, '/user/redeemMagicLink')).toEqual({ token });
  });

  it('leaves a link to another origin to the browser: a new tab, not this app', async () => {
    answerCalls(fetchMock, mailboxWithLinkTo('https://another-stack.example'));
    const router = renderAt('/email-box');

    const link = within(await openTheMessage()).getByRole('link', { name: 'Sign in' });
    expect(link).toHaveAttribute('href', signInLink('https://another-stack.example'));
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');

    // The click is not cancelled: the browser opens the link itself, in the new tab the link asks for.
    const notCancelled = fireEvent.click(link);

    expect(notCancelled).toBe(true);
    expect(router.state.location.pathname).toBe('/email-box');
    expect(callsTo(fetchMock, '/user/redeemMagicLink')).toHaveLength(0);
  });

  it('asks for an address before searching', async () => {
    answerCalls(fetchMock, { ...sandboxOn, '/sandbox/login': { resultData: { sandboxToken } }, '/sandbox/personas': personas });
    renderAt('/email-box');

    await userEvent.click(await screen.findByRole('button', { name: 'Search' }));

    expect(screen.getByLabelText('E-mail address or mobile number')).toHaveAccessibleDescription(
      'Error: Enter an e-mail address or a mobile number',
    );
    const problems = screen.getByRole('alert', { name: 'There is a problem' });
    expect(problems).toHaveFocus();
    expect(within(problems).getByRole('link', { name: 'Enter an e-mail address or a mobile number' })).toHaveAttribute(
      'href',
      '#address',
    );
    expect(callsTo(fetchMock, '/sandbox/searchEmail')).toHaveLength(0);
  });
});
