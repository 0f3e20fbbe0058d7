import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { wcagViolations } from '../../test/axe';
import { actAsStaff, DETAILS, profileAnswers } from '../../test/profile';
import { summaryMessages } from '../../test/screen-queries';
import { answerCalls, bodyOf, callsTo, failure, loginResult, setUpSignInTests, signIn } from '../../test/sign-in-support';
import { useProfileChange } from './change-store';

const { fetchMock, renderAt } = setUpSignInTests();

beforeEach(() => {
  useProfileChange.getState().forget();
});

const linkSent = { resultData: { expiresInSeconds: 86_400 } };

describe('/edit-email', () => {
  it('checks the new address on submit, keeps what was typed, then says to open the link sent to it', async () => {
    signIn();
    answerCalls(fetchMock, profileAnswers({ '/profile/changeEmail': linkSent }));
    renderAt('/edit-email');

    const email = await screen.findByLabelText('New email address');
    expect(email).toHaveAttribute('autocomplete', 'email');
    expect(email).toHaveAttribute('type', 'email');
    await userEvent.click(screen.getByRole('button', { name: 'Send the link' }));
    expect(summaryMessages()).toEqual(['Enter your new email address']);

    await userEvent.type(email, 'alex.new@');
    await userEvent.click(screen.getByRole('button', { name: 'Send the link' }));
    expect(summaryMessages()).toEqual(['Enter an email address in the correct format, like name@example.com']);
    expect(email).toHaveValue('alex.new@');
    expect(callsTo(fetchMock, '/profile/changeEmail')).toHaveLength(0);

    await userEvent.type(email, 'example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send the link' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Check your email' })).toBeInTheDocument();
    expect(screen.getByText('alex.new@example.com')).toBeInTheDocument();
    expect(await bodyOf(fetchMock, '/profile/changeEmail')).toEqual({ email: 'alex.new@example.com' });
    await waitFor(() => {
      expect(document.title).toBe('Check your email – Meadow Loans');
    });
    expect(await wcagViolations()).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Send the link again' }));
    expect(await screen.findByText('We have sent you a new link.')).toBeInTheDocument();
    expect(callsTo(fetchMock, '/profile/changeEmail')).toHaveLength(2);
  });

  it('says by the field why the BFF refused the address, with no toast', async () => {
    signIn();
    const taken = 'This email address belongs to another account. Log in with it, or choose another.';
    answerCalls(fetchMock, profileAnswers({ '/profile/changeEmail': { ...failure(100400, taken), resultData: { field: 'email' } } }));
    renderAt('/edit-email');

    const email = await screen.findByLabelText('New email address');
    await userEvent.type(email, 'someone@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send the link' }));

    expect(await screen.findByRole('link', { name: taken })).toBeInTheDocument();
    expect(email).toHaveAccessibleDescription(`Error: ${taken}`);
    expect(email).toHaveValue('someone@example.com');
    // By the field and in the summary, and in no toast besides.
    expect(screen.getAllByText(taken)).toHaveLength(2);
  });

  it('is read-only for staff acting for the borrower', async () => {
    signIn();
    actAsStaff();
    answerCalls(fetchMock, profileAnswers());
    renderAt('/edit-email');

    expect(await screen.findByRole('heading', { level: 1, name: 'What is your new email address?' })).toBeInTheDocument();
    expect(screen.getByText(/Staff acting for a borrower cannot change/)).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Send the link' })).toBeNull();
  });
});

describe('/emailVerify', () => {
  it('redeems the link once and says the address is changed', async () => {
    signIn();
    answerCalls(fetchMock, {
      '/profile/confirmEmailChange': { resultData: { ...loginResult({ email: 'alex.new@example.com' }), accessToken: undefined } },
    });
    renderAt('/emailVerify?token=0123456789abcdef0123');

    expect(await screen.findByRole('heading', { level: 1, name: 'Your email address is changed' })).toBeInTheDocument();
    expect(screen.getByText('alex.new@example.com')).toBeInTheDocument();
    expect(await bodyOf(fetchMock, '/profile/confirmEmailChange')).toEqual({ token: '0123456789abcdef0123' });
    expect(callsTo(fetchMock, '/profile/confirmEmailChange')).toHaveLength(1);
    expect(localStorage.getItem('email')).toContain('alex.new@example.com');
    expect(await wcagViolations()).toEqual([]);
  });

  it('says in the page that a used or expired link does not work, and the borrower stays here, signed in', async () => {
    signIn();
    const used = 'We could not confirm your e-mail address. The link may have expired or been used already.';
    answerCalls(fetchMock, { '/profile/confirmEmailChange': failure(100608, used) });
    const router = renderAt('/emailVerify?token=0123456789abcdef0123');

    expect(await screen.findByRole('heading', { level: 1, name: 'We could not change your email address' })).toBeInTheDocument();
    expect(screen.getByText(used)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute('href', '/edit-email');
    expect(router.state.location.pathname).toBe('/emailVerify');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(localStorage.getItem('accessToken')).not.toBeNull();
  });

  it('asks someone who is not signed in to log in first, and sends nothing', async () => {
    answerCalls(fetchMock, {});
    renderAt('/emailVerify?token=0123456789abcdef0123');

    expect(await screen.findByRole('heading', { level: 1, name: 'Log in to confirm your new email address' })).toBeInTheDocument();
    expect(callsTo(fetchMock, '/profile/confirmEmailChange')).toHaveLength(0);
  });
});

describe('/edit-phone and /verify-phone', () => {
  it('texts a code to the new number, takes it pasted, says a wrong one with the tries left, then changes the number', async () => {
    signIn();
    const wrong = 'That code is not right. You have 4 tries left.';
    let tries = 0;
    answerCalls(
      fetchMock,
      profileAnswers({
        '/profile/sendPhoneCode': { resultData: { expiresInSeconds: 600 } },
        '/profile/changePhone': () => {
          tries += 1;
          return Response.json(
            tries === 1 ? failure(100614, wrong) : { status: 200, errorCode: 0, errorMessage: '', resultData: { ...DETAILS, phoneMasked: '077****0999' } },
          );
        },
      }),
    );
    const router = renderAt('/edit-phone');

    const number = await screen.findByLabelText('UK mobile number');
    await userEvent.type(number, '0123');
    await userEvent.click(screen.getByRole('button', { name: 'Send the code' }));
    expect(summaryMessages()).toEqual(['Enter a UK mobile number, like 07700 900 982 or +44 7700 900 982']);
    expect(number).toHaveValue('0123');

    await userEvent.clear(number);
    await userEvent.type(number, '07700 900 999');
    await userEvent.click(screen.getByRole('button', { name: 'Send the code' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Check your phone' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/verify-phone');
    expect(await bodyOf(fetchMock, '/profile/sendPhoneCode')).toEqual({ phoneNumber: '07700900999' });
    expect(screen.getByText(/We have sent a 6-digit code to/)).not.toHaveTextContent('07700900999');

    const code = screen.getByLabelText('Code');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    await userEvent.click(code);
    await userEvent.paste('123 456');
    expect(code).toHaveValue('123456');
    await userEvent.click(screen.getByRole('button', { name: 'Change my number' }));
    expect(await screen.findByRole('link', { name: wrong })).toBeInTheDocument();
    expect(code).toHaveAccessibleDescription(`Error: ${wrong}`);

    await userEvent.clear(code);
    await userEvent.type(code, '654321');
    await userEvent.click(screen.getByRole('button', { name: 'Change my number' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Your personal details' })).toBeInTheDocument();
    expect(await screen.findByText('Your mobile number is changed.')).toBeInTheDocument();
    expect(await bodyOf(fetchMock, '/profile/changePhone', 1)).toEqual({ phoneNumber: '07700900999', code: '654321' });
  });

  it('says by the field why the number cannot be used', async () => {
    signIn();
    const refused = 'You cannot use this number. Try another mobile number.';
    answerCalls(fetchMock, profileAnswers({ '/profile/sendPhoneCode': { ...failure(100400, refused), resultData: { field: 'phoneNumber' } } }));
    renderAt('/edit-phone');

    await userEvent.type(await screen.findByLabelText('UK mobile number'), '07700900999');
    await userEvent.click(screen.getByRole('button', { name: 'Send the code' }));
    expect(await screen.findByRole('link', { name: refused })).toBeInTheDocument();
    expect(await wcagViolations()).toEqual([]);
  });

  it('asks for the number again when the code page is opened without one (a reload)', async () => {
    signIn();
    answerCalls(fetchMock, profileAnswers());
    const router = renderAt('/verify-phone');

    expect(await screen.findByRole('heading', { level: 1, name: 'What is your new mobile number?' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/edit-phone');
  });
});
