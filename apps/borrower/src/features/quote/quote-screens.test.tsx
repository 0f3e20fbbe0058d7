import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setRedirectInfo } from '../../lib/auth-session';
import { answerCalls, bodyOf, callsTo, failure, setUpSignInTests } from '../../test/sign-in-support';

const { fetchMock, renderAt } = setUpSignInTests();

const product = { resultData: { minAmountPence: 100_000, maxAmountPence: 2_500_000, minTermMonths: 12, maxTermMonths: 60 } };

const quote = {
  resultData: {
    amountPence: 750_000,
    termMonths: 60,
    annualRatePercent: '6.7',
    aprPercent: '6.9',
    monthlyInstalmentPence: 14_732,
    finalInstalmentPence: 14_735,
    totalPayablePence: 883_923,
    totalInterestPence: 133_923,
    firstDueDate: '2026-12-21',
    representativeExample: 'Representative example: borrowing £7,500.00 over 60 months at 6.9% APR.',
  },
};

async function amountField() {
  return screen.findByRole('textbox', { name: 'Amount' });
}

/** The amount field's hint, read before any message about the amount. */
const AMOUNT_HINT = 'Enter an amount between £1,000 and £25,000, or use the slider';

describe('/amount/start', () => {
  it('goes to /login/home', async () => {
    answerCalls(fetchMock, {});
    const router = renderAt('/amount/start');
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/login/home');
    });
  });
});

describe('/amount/amount_default', () => {
  it('takes a typed amount and keeps the slider in step with it, and the slider sets the typed amount', async () => {
    answerCalls(fetchMock, { '/ledger/loanProduct': product });
    renderAt('/amount/amount_default');

    const field = await amountField();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('How much do you want to borrow?');
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/login/home');
    expect(field).toHaveAttribute('inputmode', 'numeric');
    expect(field).toHaveAccessibleDescription(AMOUNT_HINT);
    const slider = screen.getByRole('slider', { name: 'Or drag to choose the amount' });
    expect(slider).toHaveAttribute('aria-valuemin', '1000');
    expect(slider).toHaveAttribute('aria-valuemax', '25000');

    await userEvent.type(field, '7,500');
    expect(slider).toHaveAttribute('aria-valuenow', '7500');
    expect(slider).toHaveAttribute('aria-valuetext', '£7,500');

    slider.focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(slider).toHaveAttribute('aria-valuenow', '7600');
    expect(field).toHaveValue('7,600');

    // An amount beyond the ends holds the slider at its end; the text stays as typed.
    await userEvent.clear(field);
    await userEvent.type(field, '90000');
    expect(slider).toHaveAttribute('aria-valuenow', '25000');
    expect(field).toHaveValue('90000');
  });

  it('says what is wrong in GOV.UK words, with a focused error summary linking to the fields', async () => {
    answerCalls(fetchMock, { '/ledger/loanProduct': product });
    const router = renderAt('/amount/amount_default');

    const field = await amountField();
    const term = screen.getByRole('combobox', { name: 'How long do you want to borrow it for?' });
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    const summary = screen.getByRole('alert', { name: 'There is a problem' });
    expect(summary).toHaveFocus();
    expect(within(summary).getAllByRole('link').map((link) => link.textContent)).toEqual([
      'Enter how much you want to borrow',
      'Select how many months you want to repay the loan over',
    ]);
    expect(field).toHaveAccessibleDescription(`${AMOUNT_HINT} Error: Enter how much you want to borrow`);
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(term).toHaveAccessibleDescription(
      'Between 12 and 60 months Error: Select how many months you want to repay the loan over',
    );

    await userEvent.type(field, '500');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(field).toHaveAccessibleDescription(`${AMOUNT_HINT} Error: Enter an amount between £1,000 and £25,000`);

    await userEvent.clear(field);
    await userEvent.type(field, '7500.50');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(field).toHaveAccessibleDescription(
      `${AMOUNT_HINT} Error: Enter an amount between £1,000 and £25,000, in whole pounds, like 7,500`,
    );
    await userEvent.click(within(summary).getByRole('link', { name: /whole pounds/ }));
    expect(field).toHaveFocus();

    expect(router.state.location.pathname).toBe('/amount/amount_default');
    expect(callsTo(fetchMock, '/ledger/loanCalcPub')).toHaveLength(0);
  });

  it('tells someone sent here to start again why, once', async () => {
    setRedirectInfo('Your e-mail address is confirmed. You can start a new application now.');
    answerCalls(fetchMock, { '/ledger/loanProduct': product });
    renderAt('/amount/amount_default');
    expect(await screen.findByRole('region', { name: 'Start a new application' })).toHaveTextContent(
      'You can start a new application now.',
    );
    cleanup();
    renderAt('/amount/amount_default');
    await amountField();
    expect(screen.queryByRole('region', { name: 'Start a new application' })).not.toBeInTheDocument();
  });

  it('offers whole months within the bounds only', async () => {
    answerCalls(fetchMock, { '/ledger/loanProduct': product });
    renderAt('/amount/amount_default');

    const term = await screen.findByRole('combobox', { name: 'How long do you want to borrow it for?' });
    const options = within(term).getAllByRole('option');
    expect(options).toHaveLength(1 + 49);
    expect(options[1]).toHaveTextContent('12 months');
    expect(options.at(-1)).toHaveTextContent('60 months');
  });

  it('keeps what was entered through a refresh', async () => {
    answerCalls(fetchMock, { '/ledger/loanProduct': product });
    renderAt('/amount/amount_default');
    await userEvent.type(await amountField(), '£7,500');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: /How long/ }), '60 months');

    cleanup();
    renderAt('/amount/amount_default');
    expect(await amountField()).toHaveValue('£7,500');
    expect(screen.getByRole('combobox', { name: /How long/ })).toHaveValue('60');
    expect(screen.getByRole('slider')).toHaveAttribute('aria-valuenow', '7500');
  });

  it('shows progress while the bounds load; a failure is said on the screen, with no toast, and Try again loads them', async () => {
    let fail: () => void = () => undefined;
    answerCalls(fetchMock, {
      '/ledger/loanProduct': () =>
        new Promise<Response>((resolve) => {
          fail = () => {
            resolve(Response.json({ status: 500, errorCode: 100510, errorMessage: 'Our lending partner is not answering.' }));
          };
        }),
    });
    const router = renderAt('/amount/amount_default');

    expect(await screen.findByText('Loading the loan amounts we offer')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'How much do you want to borrow?' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Amount' })).not.toBeInTheDocument();
    await waitFor(() => {
      expect(callsTo(fetchMock, '/ledger/loanProduct')).toHaveLength(1);
    });
    answerCalls(fetchMock, { '/ledger/loanProduct': product });
    fail();

    // The product is not loan-ledger data: the screen says it failed beside a way to try again (the call's
    // x-error-policy, docs/decisions/front-door.md), and stays.
    expect(await screen.findByText('We could not load the loan amounts we offer.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/amount/amount_default');
    expect(screen.queryByText('Our lending partner is not answering.')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await amountField()).toBeInTheDocument();
    expect(callsTo(fetchMock, '/ledger/loanProduct')).toHaveLength(2);
  });
});

describe('/amount/loan_calculation', () => {
  async function chooseAndContinue() {
    answerCalls(fetchMock, { '/ledger/loanProduct': product, '/ledger/loanCalcPub': quote });
    const router = renderAt('/amount/amount_default');
    await userEvent.type(await amountField(), '7,500');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: /How long/ }), '60 months');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    return router;
  }

  function figure(term: string): string | null | undefined {
    return screen.getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;
  }

  it('prices the chosen loan and shows instalment, total payable, APR and the representative example', async () => {
    const router = await chooseAndContinue();

    expect(await screen.findByRole('heading', { level: 1, name: 'Your loan' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/amount/loan_calculation');
    await screen.findByText('Monthly instalment');
    expect(await bodyOf(fetchMock, '/ledger/loanCalcPub')).toEqual({ amountPence: 750_000, termMonths: 60 });
    expect(figure('Amount')).toBe('£7,500.00');
    expect(figure('Term')).toBe('60 months');
    expect(figure('Monthly instalment')).toBe('£147.32');
    expect(figure('Final instalment')).toBe('£147.35');
    expect(figure('Total payable')).toBe('£8,839.23');
    expect(figure('APR')).toBe('6.9% APR');
    expect(screen.getByRole('heading', { level: 2, name: 'Representative example' })).toBeInTheDocument();
    expect(screen.getByText(quote.resultData.representativeExample)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('link', { name: 'Change the amount or term' }));
    expect(await amountField()).toHaveValue('7,500');
    expect(router.state.location.pathname).toBe('/amount/amount_default');
  });

  it('goes on to the loan purpose with Continue', async () => {
    const router = await chooseAndContinue();
    await screen.findByText('Monthly instalment');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'What is the loan for?' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/amount/purpose');
  });

  it('prices the same loan again after a refresh', async () => {
    await chooseAndContinue();
    await screen.findByText('Monthly instalment');

    cleanup();
    renderAt('/amount/loan_calculation');
    await screen.findByText('Monthly instalment');
    expect(figure('Monthly instalment')).toBe('£147.32');
    expect(await bodyOf(fetchMock, '/ledger/loanCalcPub', 1)).toEqual({ amountPence: 750_000, termMonths: 60 });
  });

  it('sends someone with nothing chosen back to choosing', async () => {
    answerCalls(fetchMock, { '/ledger/loanProduct': product });
    const router = renderAt('/amount/loan_calculation');
    expect(await amountField()).toHaveValue('');
    expect(router.state.location.pathname).toBe('/amount/amount_default');
    expect(callsTo(fetchMock, '/ledger/loanCalcPub')).toHaveLength(0);
  });

  it('sends a refused quote to /error (a ledger call, spec §8) and prices it again on the way back', async () => {
    await chooseAndContinue();
    await screen.findByText('Monthly instalment');
    answerCalls(fetchMock, { '/ledger/loanCalcPub': failure(100400, 'Enter an amount between £1,000 and £25,000') });

    cleanup();
    const router = renderAt('/amount/loan_calculation');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sorry, something went wrong' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/error');

    answerCalls(fetchMock, { '/ledger/loanCalcPub': quote });
    await router.navigate(-1);
    await screen.findByText('Monthly instalment');
    expect(figure('Total payable')).toBe('£8,839.23');
  });
});
