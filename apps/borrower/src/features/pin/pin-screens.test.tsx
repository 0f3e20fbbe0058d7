import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { answerCalls, bodyOf, callsTo, failure, loginResult, setUpSignInTests, signIn } from '../../test/sign-in-support';
import { summaryMessages } from '../../test/screen-queries';
import { useChosenPin } from './pin-store';

const { fetchMock, renderAt } = setUpSignInTests();

beforeEach(() => {
  useChosenPin.getState().forget();
});

const signedInUser = { resultData: loginResult() };

describe('/login/setPin and /login/repeatPin', () => {
  it('asks for a PIN of 4 to 6 digits, masked, then for it again, and saves both', async () => {
    signIn();
    answerCalls(fetchMock, { '/user/setPinCode': signedInUser });
    const router = renderAt('/login/setPin');

    const pin = await screen.findByLabelText('PIN');
    expect(pin).toHaveAttribute('type', 'password');
    expect(pin).toHaveAttribute('inputmode', 'numeric');
    expect(pin).toHaveAttribute('autocomplete', 'off');
    await userEvent.type(pin, '123');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(pin).toHaveAccessibleDescription(
      '4 to 6 digits. Do not use your date of birth, numbers in order like 1234, or your last PIN. Error: Your PIN must be 4 to 6 digits',
    );
    expect(summaryMessages()).toEqual(['Your PIN must be 4 to 6 digits']);
    await waitFor(() => {
      expect(document.title).toBe('Error: Choose a PIN – Meadow Loans');
    });

    await userEvent.clear(pin);
    await userEvent.type(pin, '2468');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));

    const again = await screen.findByLabelText('PIN again');
    expect(router.state.location.pathname).toBe('/login/repeatPin');
    await userEvent.type(again, '2468');
    await userEvent.click(screen.getByRole('button', { name: 'Save my PIN' }));

    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/login/home');
    });
    expect(await bodyOf(fetchMock, '/user/setPinCode')).toEqual({ pin: '2468', pinConfirm: '2468' });
  });

  it.each(['1234', '4321', '1111', '123456', '654321', '111111', '7890'])(
    'refuses %s before anything is sent, saying why in the contract’s words',
    async (weak) => {
      signIn();
      answerCalls(fetchMock, {});
      const router = renderAt('/login/setPin');

      const pin = await screen.findByLabelText('PIN');
      await userEvent.type(pin, weak);
      await userEvent.click(screen.getByRole('button', { name: 'Continue' }));

      const why = 'Your PIN cannot be numbers in order, like 1234 or 4321, or one number repeated, like 1111';
      expect(await screen.findByRole('link', { name: why })).toBeInTheDocument();
      expect(pin).toHaveAccessibleDescription(expect.stringContaining(`Error: ${why}`) as string);
      expect(router.state.location.pathname).toBe('/login/setPin');
      expect(useChosenPin.getState().pin).toBeNull();
      expect(callsTo(fetchMock, '/user/setPinCode')).toHaveLength(0);
    },
  );

  it('takes a PIN that is no run of digits', async () => {
    signIn();
    answerCalls(fetchMock, {});
    const router = renderAt('/login/setPin');

    await userEvent.type(await screen.findByLabelText('PIN'), '135790');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));

    expect(await screen.findByLabelText('PIN again')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login/repeatPin');
  });

  it('goes back to choose again, saying why, when the lending core refuses the PIN (the date of birth)', async () => {
    signIn();
    answerCalls(fetchMock, {
      '/user/setPinCode': {
        status: 400,
        errorCode: 100400,
        errorMessage: 'Your PIN cannot be your date of birth',
        resultData: { field: 'pin' },
        httpStatus: 400,
      },
    });
    const router = renderAt('/login/setPin');

    await userEvent.type(await screen.findByLabelText('PIN'), '140385');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await userEvent.type(await screen.findByLabelText('PIN again'), '140385');
    await userEvent.click(screen.getByRole('button', { name: 'Save my PIN' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Choose a PIN' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login/setPin');
    expect(await screen.findByRole('link', { name: 'Your PIN cannot be your date of birth' })).toBeInTheDocument();
    expect(screen.getByLabelText('PIN')).toHaveAccessibleDescription(
      expect.stringContaining('Error: Your PIN cannot be your date of birth') as string,
    );
    expect(screen.getByLabelText('PIN')).toHaveValue('');
    expect(useChosenPin.getState().pin).toBeNull();
    expect(await bodyOf(fetchMock, '/user/setPinCode')).toEqual({ pin: '140385', pinConfirm: '140385' });
  });

  it('says inline when the PINs differ (100616)', async () => {
    signIn();
    useChosenPin.getState().choose('2468');
    answerCalls(fetchMock, { '/user/setPinCode': failure(100616, 'The PINs do not match.') });
    renderAt('/login/repeatPin');

    await userEvent.type(await screen.findByLabelText('PIN again'), '8642');
    await userEvent.click(screen.getByRole('button', { name: 'Save my PIN' }));

    expect(await screen.findByRole('link', { name: 'The PINs do not match.' })).toBeInTheDocument();
    expect(screen.getByLabelText('PIN again')).toHaveAccessibleDescription('Error: The PINs do not match.');
    expect(screen.getByLabelText('PIN again')).toHaveValue('');
  });

  it('says inline that staff cannot set a borrower’s PIN (100617)', async () => {
    signIn();
    useChosenPin.getState().choose('2468');
    answerCalls(fetchMock, { '/user/setPinCode': failure(100617, 'Staff cannot change a borrower’s PIN.') });
    renderAt('/login/repeatPin');

    await userEvent.type(await screen.findByLabelText('PIN again'), '2468');
    await userEvent.click(screen.getByRole('button', { name: 'Save my PIN' }));

    expect(await screen.findByRole('link', { name: 'Staff cannot change a borrower’s PIN.' })).toBeInTheDocument();
  });

  it('sends someone who reloaded repeatPin (the PIN was only in memory) back to choose it', async () => {
    signIn();
    answerCalls(fetchMock, {});
    const router = renderAt('/login/repeatPin');

    expect(await screen.findByRole('heading', { level: 1, name: 'Choose a PIN' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login/setPin');
  });
});

describe('/pin_log_in', () => {
  it('signs in with e-mail and PIN', async () => {
    answerCalls(fetchMock, { '/user/checkPinCode': signedInUser });
    const router = renderAt('/pin_log_in');

    const email = await screen.findByLabelText('E-mail address');
    expect(email).toHaveAttribute('autocomplete', 'email');
    await userEvent.type(email, 'up-to-date@personas.example');
    await userEvent.type(screen.getByLabelText('PIN'), '1357');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Your loan' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/loanDashboard/main');
    expect(await bodyOf(fetchMock, '/user/checkPinCode')).toEqual({ email: 'up-to-date@personas.example', pin: '1357' });
  });

  it('warns in the PIN’s message when one try is left, as the BFF says it (100615)', async () => {
    const warning =
      'The e-mail address or PIN is not right. You have 1 try left. If it is not right, your PIN will be locked for 30 minutes.';
    answerCalls(fetchMock, { '/user/checkPinCode': failure(100615, warning) });
    renderAt('/pin_log_in');

    await userEvent.type(await screen.findByLabelText('E-mail address'), 'up-to-date@personas.example');
    await userEvent.type(screen.getByLabelText('PIN'), '9999');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));

    expect(await screen.findByRole('link', { name: warning })).toBeInTheDocument();
    expect(screen.getByLabelText('PIN')).toHaveAccessibleDescription(`The 4 to 6 digits you chose Error: ${warning}`);
    expect(summaryMessages()).toEqual([warning]);
  });

  it('lists both missing answers in the error summary, then says a wrong PIN inline (100615)', async () => {
    answerCalls(fetchMock, { '/user/checkPinCode': failure(100615, 'That PIN is not right. You have 4 tries left.') });
    renderAt('/pin_log_in');

    await userEvent.click(await screen.findByRole('button', { name: 'Log in' }));
    expect(screen.getByRole('link', { name: 'Enter your email address' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Enter your PIN' })).toBeInTheDocument();
    expect(callsTo(fetchMock, '/user/checkPinCode')).toHaveLength(0);

    await userEvent.type(screen.getByLabelText('E-mail address'), 'up-to-date@personas.example');
    await userEvent.type(screen.getByLabelText('PIN'), '9999');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));

    expect(await screen.findByRole('link', { name: 'That PIN is not right. You have 4 tries left.' })).toBeInTheDocument();
    expect(screen.getByLabelText('PIN')).toHaveAccessibleDescription(
      'The 4 to 6 digits you chose Error: That PIN is not right. You have 4 tries left.',
    );
    expect(screen.getByLabelText('PIN')).toHaveValue('');
    expect(screen.getByLabelText('E-mail address')).toHaveValue('up-to-date@personas.example');
    await waitFor(() => {
      expect(document.title).toBe('Error: Log in with your PIN – Meadow Loans');
    });
  });
});

describe('/idverify', () => {
  it('leads to /idverify/pinCode, where a signed-in person re-enters their PIN without an e-mail', async () => {
    signIn();
    answerCalls(fetchMock, { '/user/checkPinCode': signedInUser });
    const router = renderAt('/idverify');

    expect(await screen.findByRole('heading', { level: 1, name: 'Enter your PIN' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/idverify/pinCode');
    await userEvent.type(screen.getByLabelText('PIN'), '1357');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));

    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/loanDashboard/main');
    });
    expect(await bodyOf(fetchMock, '/user/checkPinCode')).toEqual({ pin: '1357' });
  });

  it('says a wrong PIN inline (100615) and empties the PIN for another try', async () => {
    signIn();
    answerCalls(fetchMock, { '/user/checkPinCode': failure(100615, 'That PIN is not right. You have 4 tries left.') });
    renderAt('/idverify/pinCode');

    await userEvent.type(await screen.findByLabelText('PIN'), '9999');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('link', { name: 'That PIN is not right. You have 4 tries left.' })).toBeInTheDocument();
    expect(screen.getByLabelText('PIN')).toHaveAccessibleDescription('Error: That PIN is not right. You have 4 tries left.');
    expect(screen.getByLabelText('PIN')).toHaveValue('');
    expect(await bodyOf(fetchMock, '/user/checkPinCode')).toEqual({ pin: '9999' });
  });

  it('is the PIN login for someone who is not signed in', async () => {
    answerCalls(fetchMock, {});
    const router = renderAt('/idverify/pinCode');

    expect(await screen.findByRole('heading', { level: 1, name: 'Log in with your PIN' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/pin_log_in');
  });
});
