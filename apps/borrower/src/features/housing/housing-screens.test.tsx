import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { keepApplicationAnswers, readApplicationDraft } from '../../lib/application-draft';
import { answeredBefore } from '../../test/amount-answers';
import { answerCalls, setUpSignInTests } from '../../test/sign-in-support';
import { heading, continueButton, summaryMessages } from '../../test/screen-queries';

const { fetchMock, renderAt } = setUpSignInTests();

describe('/amount/rent_cost', () => {
  it('offers the housing situations of the contract and asks for one', async () => {
    answeredBefore('rentCost');
    answerCalls(fetchMock, {});
    const router = renderAt('/amount/rent_cost');
    await heading('What is your housing situation?');
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/amount/address_history');
    const group = screen.getByRole('group', { name: 'What is your housing situation?' });
    expect(within(group).getAllByRole('radio').map((radio) => radio.getAttribute('value'))).toEqual([
      'homeowner_mortgage',
      'homeowner_outright',
      'renting_private',
      'renting_social',
      'living_with_family',
      'other',
    ]);
    await userEvent.click(continueButton());
    expect(summaryMessages()).toEqual(['Select your housing situation']);

    await userEvent.click(screen.getByRole('radio', { name: 'I own my home with a mortgage' }));
    await userEvent.click(continueButton());
    await heading('How much is your mortgage each month?');
    expect(router.state.location.pathname).toBe('/amount/rent_payment');
  });

  it('sends someone who pays no rent or mortgage to their contribution, forgetting a payment of another kind', async () => {
    answeredBefore('end');
    answerCalls(fetchMock, {});
    const router = renderAt('/amount/rent_cost');
    await userEvent.click(await screen.findByRole('radio', { name: 'I live with family or friends' }));
    expect(readApplicationDraft().housingCost).toBe('');
    await userEvent.click(continueButton());
    await heading('How much do you pay towards your household each month?');
    expect(router.state.location.pathname).toBe('/amount/not_pay_rent');
  });
});

describe('/amount/rent_payment and /amount/not_pay_rent', () => {
  it('take a monthly rent in whole pounds, more than £0', async () => {
    answeredBefore('housingCost');
    answerCalls(fetchMock, {});
    const router = renderAt('/amount/rent_payment');
    await heading('How much is your rent each month?');
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/amount/rent_cost');
    const field = screen.getByRole('textbox', { name: 'Monthly rent' });
    expect(field).toHaveAttribute('inputmode', 'numeric');
    await userEvent.click(continueButton());
    expect(summaryMessages()).toEqual(['Enter how much your rent is each month']);
    await userEvent.type(field, '0');
    await userEvent.click(continueButton());
    expect(summaryMessages()).toEqual(['Enter an amount more than £0']);
    await userEvent.clear(field);
    await userEvent.type(field, '650.50');
    await userEvent.click(continueButton());
    expect(summaryMessages()).toEqual(['Enter the amount in whole pounds, like 650']);
    await userEvent.clear(field);
    await userEvent.type(field, '100001');
    await userEvent.click(continueButton());
    expect(summaryMessages()).toEqual(['Monthly rent or mortgage must be £100,000 or less']);
    await userEvent.clear(field);
    await userEvent.type(field, '£650');
    await userEvent.click(continueButton());
    await heading('Check your answers');
    expect(router.state.location.pathname).toBe('/amount/step2');
  });

  it('take a contribution of £0, with why it is asked', async () => {
    answeredBefore('housingCost');
    keepApplicationAnswers({ housingStatus: 'homeowner_outright' });
    answerCalls(fetchMock, {});
    const router = renderAt('/amount/rent_payment');
    await heading('How much do you pay towards your household each month?');
    expect(router.state.location.pathname).toBe('/amount/not_pay_rent');
    expect(screen.getByText(/You do not pay rent or a mortgage/)).toBeInTheDocument();
    const field = screen.getByRole('textbox', { name: 'Monthly contribution' });
    await userEvent.click(continueButton());
    expect(summaryMessages()).toEqual(['Enter how much you pay towards your household each month, or 0']);
    await userEvent.type(field, '0');
    await userEvent.click(continueButton());
    await heading('Check your answers');
    expect(screen.getByText('Paid towards the household each month')).toBeInTheDocument();
  });
});
