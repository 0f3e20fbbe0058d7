import { screen, waitFor, within } from '@testing-library/react';
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

const LM2 = {
  postcode: 'LM2 4QT',
  addresses: [
    { id: 'lm2-4qt-16', line: '16, Mill Lane', label: '16 Mill Lane, Lowmere, LM2 4QT', town: 'Lowmere', county: '', postcode: 'LM2 4QT' },
    { id: 'lm2-4qt-18', line: '18, Mill Lane', label: '18 Mill Lane, Lowmere, LM2 4QT', town: 'Lowmere', county: '', postcode: 'LM2 4QT' },
  ],
};

const changedDetails = { resultData: { ...DETAILS, address: { ...DETAILS.address, houseNumber: '18', label: LM2.addresses[1]?.label } } };
const VISA = {
  brand: 'visa',
  last4: '4242',
  expiryMonth: 12,
  expiryYear: 2029,
  primary: true,
  billingAddress: { line1: '18 Mill Lane', city: 'Lowmere', postcode: 'LM2 4QT' },
};

describe('/edit-addressA … /edit-addressD', () => {
  it('finds the new address by postcode, checks it, changes it, and says the card’s billing address followed', async () => {
    signIn();
    answerCalls(
      fetchMock,
      profileAnswers({
        '/eligibility/postCodeQuery': { resultData: LM2 },
        '/profile/changeAddress': changedDetails,
        '/payment/updateBillAddress': { resultData: { cards: [VISA] } },
      }),
    );
    const router = renderAt('/edit-addressA');

    const postcode = await screen.findByRole('textbox', { name: 'Postcode' });
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/addressDetails');
    expect(screen.getByRole('link', { name: 'Enter the address manually' })).toHaveAttribute('href', '/edit-addressB');
    await userEvent.type(postcode, 'LM2 4QT');
    await userEvent.click(screen.getByRole('button', { name: 'Find address' }));
    const group = await screen.findByRole('group', { name: 'Select your address' });
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(summaryMessages()).toEqual(['Select your address']);
    await userEvent.click(within(group).getByRole('radio', { name: '18 Mill Lane, Lowmere, LM2 4QT' }));
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Check your new address' })).toBeInTheDocument();
    expect(screen.getByText('18 Mill Lane, Lowmere, LM2 4QT')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Change new address' })).toHaveAttribute('href', '/edit-addressA');
    expect(screen.getByText(/the billing address of every card you pay with changes to it too/)).toBeInTheDocument();
    expect(await wcagViolations()).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Confirm my new address' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Your address is changed' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/edit-addressD');
    expect(screen.getByText('Visa ending 4242: 18 Mill Lane, Lowmere, LM2 4QT')).toBeInTheDocument();
    expect(await bodyOf(fetchMock, '/profile/changeAddress')).toEqual({ gazetteerId: 'lm2-4qt-18' });
    expect(callsTo(fetchMock, '/payment/updateBillAddress')).toHaveLength(1);
    expect(await wcagViolations()).toEqual([]);
  });

  it('takes an address typed by hand, and shows the lending core’s refusal by the field it is about', async () => {
    signIn();
    const refused = 'We could not find this postcode. Check it and try again.';
    let attempt = 0;
    answerCalls(
      fetchMock,
      profileAnswers({
        '/profile/changeAddress': () => {
          attempt += 1;
          return Response.json(
            attempt === 1
              ? { ...failure(100400, refused), resultData: { field: 'address.postcode' } }
              : { status: 200, errorCode: 0, errorMessage: '', ...changedDetails },
          );
        },
        '/payment/updateBillAddress': { resultData: { cards: [] } },
      }),
    );
    const router = renderAt('/edit-addressB');

    await screen.findByRole('heading', { level: 1, name: 'What is your new address?' });
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(summaryMessages()).toEqual(['Enter a house name or number', 'Enter the street', 'Enter the town or city', 'Enter a postcode']);
    await userEvent.type(screen.getByRole('textbox', { name: 'House number (optional)' }), '18');
    await userEvent.type(screen.getByRole('textbox', { name: 'Street' }), 'Mill Lane');
    await userEvent.type(screen.getByRole('textbox', { name: 'Town or city' }), 'Lowmere');
    await userEvent.type(screen.getByRole('textbox', { name: 'Postcode' }), 'lm9 9zz');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));

    expect(await screen.findByText('18 Mill Lane, Lowmere, LM9 9ZZ')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Confirm my new address' }));

    expect(await screen.findByRole('link', { name: refused })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/edit-addressB');
    expect(screen.getByRole('textbox', { name: 'Postcode' })).toHaveAccessibleDescription(`Error: ${refused}`);
    expect(screen.getByRole('textbox', { name: 'Street' })).toHaveValue('Mill Lane');
    expect(await bodyOf(fetchMock, '/profile/changeAddress')).toEqual({
      address: { houseNumber: '18', street: 'Mill Lane', town: 'Lowmere', postcode: 'LM9 9ZZ' },
    });

    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm my new address' }));
    expect(await screen.findByText('You have no card with us, so there is no billing address to change.')).toBeInTheDocument();
  });

  it('says when the card’s billing address could not follow, and tries again', async () => {
    signIn();
    useProfileChange.getState().set({ address: { kind: 'found', gazetteerId: 'lm2-4qt-18', label: '18 Mill Lane, Lowmere, LM2 4QT', postcode: 'LM2 4QT' } });
    let billed = false;
    answerCalls(
      fetchMock,
      profileAnswers({
        '/profile/changeAddress': changedDetails,
        '/payment/updateBillAddress': () =>
          Response.json(billed ? { status: 200, errorCode: 0, errorMessage: '', resultData: { cards: [VISA] } } : failure(100503, 'Try later.')),
      }),
    );
    renderAt('/edit-addressC');

    await userEvent.click(await screen.findByRole('button', { name: 'Confirm my new address' }));
    expect(await screen.findByText(/We could not change your card’s billing address/)).toBeInTheDocument();
    billed = true;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Visa ending 4242: 18 Mill Lane, Lowmere, LM2 4QT')).toBeInTheDocument();
  });

  it('starts again at the postcode when the check is opened without a new address (a reload)', async () => {
    signIn();
    answerCalls(fetchMock, profileAnswers());
    const router = renderAt('/edit-addressC');

    await screen.findByRole('textbox', { name: 'Postcode' });
    expect(router.state.location.pathname).toBe('/edit-addressA');
  });

  it('is read-only for staff acting for the borrower', async () => {
    signIn();
    actAsStaff();
    answerCalls(fetchMock, profileAnswers());
    renderAt('/edit-addressA');

    expect(await screen.findByText(/Staff acting for a borrower cannot change/)).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).toBeNull();
  });
});

describe('/edit-pin → /enter-new-pin → /reenter-new-pin', () => {
  async function typePins(current: string, next: string, again: string) {
    await userEvent.type(await screen.findByLabelText('Current PIN'), current);
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await userEvent.type(await screen.findByLabelText('New PIN'), next);
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await userEvent.type(await screen.findByLabelText('New PIN again'), again);
    await userEvent.click(screen.getByRole('button', { name: 'Change my PIN' }));
  }

  it('takes the current PIN and the new one twice, sends the three together, and says the PIN is changed', async () => {
    signIn();
    answerCalls(fetchMock, profileAnswers({ '/profile/changePin': { resultData: loginResult() } }));
    const router = renderAt('/edit-pin');

    const current = await screen.findByLabelText('Current PIN');
    expect(current).toHaveAttribute('type', 'password');
    expect(current).toHaveAttribute('inputmode', 'numeric');
    expect(await wcagViolations()).toEqual([]);
    await typePins('1357', '2468', '2468');

    expect(await screen.findByText('Your PIN is changed. Use your new PIN next time you log in.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/personal-details');
    expect(await bodyOf(fetchMock, '/profile/changePin')).toEqual({ currentPin: '1357', pin: '2468', pinConfirm: '2468' });
    expect(useProfileChange.getState().currentPin).toBeNull();
    expect(useProfileChange.getState().newPin).toBeNull();
  });

  it('refuses a run of digits as the new PIN before anything is sent, in the contract’s words', async () => {
    signIn();
    answerCalls(fetchMock, profileAnswers());
    renderAt('/edit-pin');

    await userEvent.type(await screen.findByLabelText('Current PIN'), '1357');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    const pin = await screen.findByLabelText('New PIN');
    expect(pin).toHaveAccessibleDescription(expect.stringContaining('Do not use your date of birth') as string);
    await userEvent.type(pin, '1234');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(summaryMessages()).toEqual(['Your PIN cannot be numbers in order, like 1234 or 4321, or one number repeated, like 1111']);
    expect(callsTo(fetchMock, '/profile/changePin')).toHaveLength(0);
  });

  it('says PINs that differ by the PIN typed again, and empties it', async () => {
    signIn();
    answerCalls(fetchMock, profileAnswers({ '/profile/changePin': failure(100616, 'The PINs do not match.') }));
    renderAt('/edit-pin');

    await typePins('1357', '2468', '8642');
    expect(await screen.findByRole('link', { name: 'The PINs do not match.' })).toBeInTheDocument();
    expect(screen.getByLabelText('New PIN again')).toHaveValue('');
  });

  it('goes back to the current PIN with the tries left when it is wrong', async () => {
    signIn();
    const wrong = 'That PIN is not right. You have 4 tries left.';
    answerCalls(fetchMock, profileAnswers({ '/profile/changePin': failure(100615, wrong) }));
    const router = renderAt('/edit-pin');

    await typePins('9999', '2468', '2468');
    expect(await screen.findByRole('link', { name: wrong })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/edit-pin');
    expect(screen.getByLabelText('Current PIN')).toHaveAccessibleDescription(`Error: ${wrong}`);
  });

  it('goes back to choose another new PIN when the lending core refuses it (the date of birth)', async () => {
    signIn();
    const refused = 'Your PIN cannot be your date of birth';
    answerCalls(fetchMock, profileAnswers({ '/profile/changePin': { ...failure(100400, refused), resultData: { field: 'pin' } } }));
    const router = renderAt('/edit-pin');

    await typePins('1357', '140385', '140385');
    expect(await screen.findByRole('link', { name: refused })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/enter-new-pin');
    expect(screen.getByLabelText('New PIN')).toHaveValue('');
  });

  it('treats a locked PIN as sign-in does: the locked-PIN dialog, and the way to log in another way', async () => {
    signIn();
    const locked = 'Your PIN is locked for 30 minutes after too many tries.';
    answerCalls(fetchMock, profileAnswers({ '/profile/changePin': { status: 423, errorCode: 100603, errorMessage: locked } }));
    const router = renderAt('/edit-pin');

    await typePins('9999', '2468', '2468');
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(locked)).toBeInTheDocument();
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/login/emailLogin');
    });
    expect(useProfileChange.getState().currentPin).toBeNull();
  });

  it('asks for the current PIN when a later step is opened without it (a reload)', async () => {
    signIn();
    answerCalls(fetchMock, profileAnswers());
    const router = renderAt('/reenter-new-pin');

    expect(await screen.findByLabelText('Current PIN')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/edit-pin');
  });

  it('is read-only for staff acting for the borrower', async () => {
    signIn();
    actAsStaff();
    answerCalls(fetchMock, profileAnswers());
    renderAt('/edit-pin');

    expect(await screen.findByText(/Staff acting for a borrower cannot change/)).toBeInTheDocument();
    expect(screen.queryByLabelText('Current PIN')).toBeNull();
  });
});
