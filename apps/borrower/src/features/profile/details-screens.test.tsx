import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { wcagViolations } from '../../test/axe';
import { actAsStaff, DETAILS, profileAnswers } from '../../test/profile';
import { answerCalls, failure, setUpSignInTests, signIn } from '../../test/sign-in-support';

const { fetchMock, renderAt } = setUpSignInTests();

/** The summary list's rows as a borrower reads them: term, value and the row's action, if it has one. */
function rows(): string[][] {
  const list = screen.getByRole('main').querySelector('dl');
  if (list === null) throw new Error('no summary list');
  return Array.from(list.children, (row) => Array.from(row.children, (cell) => cell.textContent).filter((text) => text !== ''));
}

describe('/personal-details', () => {
  it('lists what we hold, the mobile masked, each changeable item with its Change link', async () => {
    signIn();
    answerCalls(fetchMock, profileAnswers());
    renderAt('/personal-details');

    expect(await screen.findByRole('heading', { level: 1, name: 'Your personal details' })).toBeInTheDocument();
    await screen.findByText('Alex Morgan');
    expect(rows()).toEqual([
      ['Name', 'Alex Morgan'],
      ['Date of birth', '14th Mar 1985'],
      ['Email address', 'up-to-date@personas.example', 'Change email address'],
      ['Mobile number', '077****0123', 'Change mobile number'],
      ['Address', '14 Mill Lane, Lowmere, LM2 4QT', 'Change address'],
      ['PIN', 'Set', 'Change PIN'],
    ]);
    expect(screen.getByRole('link', { name: 'Change email address' })).toHaveAttribute('href', '/edit-email');
    expect(screen.getByRole('link', { name: 'Change mobile number' })).toHaveAttribute('href', '/edit-phone');
    expect(screen.getByRole('link', { name: 'Change address' })).toHaveAttribute('href', '/edit-addressA');
    expect(screen.getByRole('link', { name: 'Change PIN' })).toHaveAttribute('href', '/edit-pin');
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/profile');
    expect(await wcagViolations()).toEqual([]);
  });

  it('says there is none when we hold no mobile number or address', async () => {
    signIn();
    const withoutAddress = { ...DETAILS, phoneMasked: '' };
    delete withoutAddress.address;
    answerCalls(fetchMock, profileAnswers({ '/profile/personalDetails': { resultData: withoutAddress } }));
    renderAt('/personal-details');

    await screen.findByText('Alex Morgan');
    expect(rows()[3]?.slice(0, 2)).toEqual(['Mobile number', 'None']);
    expect(rows()[4]?.slice(0, 2)).toEqual(['Address', 'None']);
  });

  it('offers staff acting for the borrower no Change link, and says why', async () => {
    signIn();
    actAsStaff();
    answerCalls(fetchMock, profileAnswers());
    renderAt('/personal-details');

    await screen.findByText('Alex Morgan');
    expect(screen.getByText(/Staff acting for a borrower cannot change their email address, mobile number, address or PIN/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^Change/ })).toBeNull();
    expect(rows()[2]).toEqual(['Email address', 'up-to-date@personas.example']);
    expect(await wcagViolations()).toEqual([]);
  });

  it('offers to try again when the details cannot be read', async () => {
    signIn();
    let available = false;
    answerCalls(
      fetchMock,
      profileAnswers({
        '/profile/personalDetails': () =>
          Response.json(available ? { status: 200, errorCode: 0, errorMessage: '', resultData: DETAILS } : { ...failure(100503, 'Try later.') }),
      }),
    );
    renderAt('/personal-details');

    expect(await screen.findByText('We could not load your details.')).toBeInTheDocument();
    available = true;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Alex Morgan')).toBeInTheDocument();
  });
});

describe('/profile', () => {
  it('is the hub: who we think the borrower is, and a link to each profile screen', async () => {
    signIn();
    answerCalls(fetchMock, profileAnswers());
    renderAt('/profile');

    const nav = await screen.findByRole('navigation', { name: 'Profile' });
    expect(within(nav).getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Your personal details', '/personal-details'],
      ['Your address', '/addressDetails'],
      ['Change your PIN', '/edit-pin'],
      ['Your reminders', '/settings'],
      ['Your messages', '/notifications'],
    ]);
    expect(screen.getByText('up-to-date@personas.example')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/userMenu1');
    expect(await wcagViolations()).toEqual([]);
  });

  it('does not offer staff the PIN change', async () => {
    signIn();
    actAsStaff();
    answerCalls(fetchMock, profileAnswers());
    renderAt('/profile');

    const nav = await screen.findByRole('navigation', { name: 'Profile' });
    expect(within(nav).queryByRole('link', { name: 'Change your PIN' })).toBeNull();
  });
});

describe('/addressDetails', () => {
  it('shows the address, says the card’s billing address follows it, and leads to the change', async () => {
    signIn();
    answerCalls(fetchMock, profileAnswers());
    const router = renderAt('/addressDetails');

    expect(await screen.findByText('14 Mill Lane, Lowmere, LM2 4QT')).toBeInTheDocument();
    expect(screen.getByText(/the billing address of every card you pay with changes to it too/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Change your address' }));
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/edit-addressA');
    });
  });

  it('offers staff no change', async () => {
    signIn();
    actAsStaff();
    answerCalls(fetchMock, profileAnswers());
    renderAt('/addressDetails');

    await screen.findByText('14 Mill Lane, Lowmere, LM2 4QT');
    expect(screen.queryByRole('link', { name: 'Change your address' })).toBeNull();
    expect(screen.getByText(/Staff acting for a borrower cannot change/)).toBeInTheDocument();
  });
});
