import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { storageKeys } from '../../lib/storage-keys';
import { loanProduct, whiteLabelLoanProduct } from '../../test/loan-product';
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
    const signInSection = screen.getByRole('region', { name: 'Sign in' });
    expect(signInSection).toContainElement(ways);
    expect(signInSection).toContainElement(screen.getByRole('button', { name: 'Staff sign-in' }));
  });

  it('draws what the loan is and the way to check eligibility before the loan product arrives, saying it is loading', async () => {
    let answer: () => void = () => undefined;
    answerCalls(fetchMock, {
      '/ledger/loanProduct': () =>
        new Promise<Response>((resolve) => {
          answer = () => {
            resolve(Response.json({ status: 200, errorCode: 0, errorMessage: '', resultData: loanProduct }));
          };
        }),
    });
    renderAt('/login/home');

    await screen.findByRole('heading', { level: 1, name: 'Meadow Loans' });
    expect(screen.getByText(/^An unsecured personal loan/)).toBeInTheDocument();
    const start = screen.getByRole('link', { name: 'Check your eligibility' });
    expect(start).toHaveAttribute('href', '/amount/amount_default');
    expect(start).toHaveAccessibleDescription(
      'Checking your eligibility uses a soft search of your credit file. A soft search does not affect your credit score, and other lenders cannot see it.',
    );
    const figures = screen.getByRole('region', { name: 'What you can borrow' });
    expect(within(figures).getByRole('status')).toHaveTextContent("Loading the loan's figures");
    expect(within(figures).queryByText(/£/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in with e-mail' })).toBeInTheDocument();

    await waitFor(() => {
      expect(callsTo(fetchMock, '/ledger/loanProduct')).toHaveLength(1);
    });
    answer();

    expect(await within(figures).findByText(loanProduct.representative.representativeExample)).toBeInTheDocument();
    const rows = within(figures)
      .getAllByRole('term')
      .map((term) => [term.textContent, term.nextElementSibling?.textContent]);
    expect(rows).toEqual([
      ['Amount', '£1,000 to £25,000'],
      ['Repayment term', '12 to 60 months'],
      ['Representative APR', '7.0%'],
    ]);
    expect(within(figures).queryByRole('status')).not.toBeInTheDocument();
  });

  it('says when the loan product could not be loaded, keeps the rest of the page, and Try again loads it', async () => {
    answerCalls(fetchMock, {
      '/ledger/loanProduct': () =>
        Response.json({ status: 503, errorCode: 100503, errorMessage: 'The service is temporarily unavailable.' }, { status: 503 }),
    });
    const router = renderAt('/login/home');

    const figures = await screen.findByRole('region', { name: 'What you can borrow' });
    expect(await within(figures).findByRole('alert')).toHaveTextContent(
      "We could not load the loan's figures and representative example.",
    );
    expect(router.state.location.pathname).toBe('/login/home');
    expect(screen.getByRole('link', { name: 'Check your eligibility' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in with e-mail' })).toBeInTheDocument();
    // The screen says it once: no toast repeats the BFF's message.
    expect(screen.queryByText('The service is temporarily unavailable.')).not.toBeInTheDocument();

    const tryAgain = within(figures).getByRole('button', { name: 'Try again' });
    expect(tryAgain).toHaveAccessibleDescription("We could not load the loan's figures and representative example.");
    answerCalls(fetchMock, {});
    await userEvent.click(tryAgain);

    expect(await within(figures).findByText(loanProduct.representative.representativeExample)).toBeInTheDocument();
    expect(within(figures).queryByRole('alert')).not.toBeInTheDocument();
    expect(callsTo(fetchMock, '/ledger/loanProduct')).toHaveLength(2);
  });
});

describe('/login/home representative example', () => {
  /** The BFF's product for the brand the call names: the white-label brand's example carries its own fee. */
  function answerProductByBrand(): void {
    answerCalls(fetchMock, {
      '/ledger/loanProduct': (request: Request) => {
        const clientName = new URL(request.url).searchParams.get('clientName');
        const product = clientName === 'harbour' ? whiteLabelLoanProduct : loanProduct;
        return Response.json({ status: 200, errorCode: 0, errorMessage: '', resultData: product });
      },
    });
  }

  it.each([
    { brand: 'the default brand', stored: null, fee: '£12.00', total: '£8,861.07', clientName: null },
    { brand: 'the white-label brand', stored: 'harbour', fee: '£10.00', total: '£8,858.75', clientName: 'harbour' },
  ])("states the fee of $brand in the example, naming the stored brand to the BFF", async ({ stored, fee, total, clientName }) => {
    if (stored !== null) localStorage.setItem(storageKeys.whiteLabel, stored);
    answerProductByBrand();
    renderAt('/login/home');

    const figures = await screen.findByRole('region', { name: 'What you can borrow' });
    const example = await within(figures).findByText(/^Representative example:/);
    expect(example).toHaveTextContent(`with a ${fee} fee added to the loan`);
    expect(example).toHaveTextContent(`Total amount payable ${total}. Representative 7.0% APR.`);
    expect(figures).not.toHaveTextContent(/no fees/);
    expect(new URL(callsTo(fetchMock, '/ledger/loanProduct')[0]?.url ?? '').searchParams.get('clientName')).toBe(clientName);
  });
});

describe('/login/home signed in', () => {
  it('says who is signed in, hides the ways in, and logs out back to them, keeping the platform marker', async () => {
    signInAs();
    localStorage.setItem('platform', 'pc');
    answerCalls(fetchMock, { '/user/logout': {} });
    renderAt('/login/home');

    expect(await screen.findByText('Signed in as Alex Morgan')).toBeInTheDocument();
    expect(screen.getByText('Get a personal loan quote, finish your application or manage your loan.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Log in with e-mail' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Staff sign-in' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Check your eligibility' })).not.toBeInTheDocument();
    expect(callsTo(fetchMock, '/ledger/loanProduct')).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Log out' }));

    expect(await screen.findByRole('link', { name: 'Log in with e-mail' })).toBeInTheDocument();
    expect(screen.queryByText(/Signed in/)).not.toBeInTheDocument();
    // Signed out, the front door reads the loan product.
    expect(await screen.findByText(loanProduct.representative.representativeExample)).toBeInTheDocument();
    expect(callsTo(fetchMock, '/user/logout')).toHaveLength(1);
    await waitFor(() => {
      expect(localStorage.getItem('accessToken')).toBeNull();
    });
    expect(localStorage.getItem('firstName')).toBeNull();
    expect(localStorage.getItem('platform')).toBe('pc');
  });
});
