import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { keepApplicationAnswers } from '../../lib/application-draft';
import { quoteDraft } from '../../lib/drafts/quote-draft';
import { usePopupStore } from '../../lib/popup-store';
import { answeredBefore, ORCHARD_CLOSE, yearsAgo } from '../../test/amount-answers';
import { answerCalls, bodyOf, callsTo, failure, setUpSignInTests } from '../../test/sign-in-support';
import { heading, continueButton, summaryMessages } from '../../test/screen-queries';

const { fetchMock, renderAt } = setUpSignInTests();

beforeEach(() => {
  // The popup is the app's, not the page's: close one a test left open.
  usePopupStore.setState(usePopupStore.getInitialState(), true);
});

/** Refreshes the screen: the page and its state go, session storage stays. */
function refresh(path: string) {
  cleanup();
  return renderAt(path);
}

describe('/amount/purpose', () => {
  it('asks one question with a back link to the quote, and asks for a choice', async () => {
    answeredBefore('purpose');
    answerCalls(fetchMock, {});
    const router = renderAt('/amount/purpose');
    await heading('What is the loan for?');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/amount/loan_calculation');
    const group = screen.getByRole('group', { name: 'What is the loan for?' });
    expect(within(group).getAllByRole('radio').map((radio) => radio.getAttribute('value'))).toEqual([
      'car',
      'home_improvements',
      'debt_consolidation',
      'holiday',
      'wedding',
      'medical',
      'other',
    ]);

    await userEvent.click(continueButton());
    expect(summaryMessages()).toEqual(['Select what the loan is for']);
    expect(group).toHaveAccessibleDescription('Error: Select what the loan is for');
    await userEvent.click(screen.getByRole('link', { name: 'Select what the loan is for' }));
    expect(screen.getByRole('radio', { name: 'A car' })).toHaveFocus();
    expect(router.state.location.pathname).toBe('/amount/purpose');
  });

  it('goes to the first name for a listed purpose, and keeps the choice through a refresh', async () => {
    answeredBefore('purpose');
    answerCalls(fetchMock, {});
    renderAt('/amount/purpose');
    await userEvent.click(await screen.findByRole('radio', { name: 'Home improvements' }));
    const router = refresh('/amount/purpose');
    expect(await screen.findByRole('radio', { name: 'Home improvements' })).toBeChecked();

    await userEvent.click(continueButton());
    await heading('What is your first name?');
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/amount/purpose');
    expect(router.state.location.pathname).toBe('/amount/name');
  });

  it('asks for the purpose in words for "Something else", within 200 characters', async () => {
    answeredBefore('purpose');
    answerCalls(fetchMock, {});
    const router = renderAt('/amount/purpose');
    await userEvent.click(await screen.findByRole('radio', { name: 'Something else' }));
    await userEvent.click(continueButton());
    await heading('What is the loan for?');
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/amount/purpose_text');
    });
    const field = await screen.findByRole('textbox', { name: 'Tell us what the loan is for' });
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/amount/purpose');
    expect(field).toHaveAttribute('maxlength', '200');

    await userEvent.click(continueButton());
    expect(summaryMessages()).toEqual(['Enter what the loan is for']);
    expect(field).toHaveAccessibleDescription('Up to 200 characters Error: Enter what the loan is for');
    expect(field).toHaveAttribute('aria-invalid', 'true');

    await userEvent.type(field, 'A new boiler');
    await userEvent.click(continueButton());
    await heading('What is your first name?');
    expect(router.state.location.pathname).toBe('/amount/name');
    // Back from the name leads to where the purpose was put in words.
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/amount/purpose_text');
  });
});

describe('/amount/name and /amount/last_name', () => {
  it('ask for each name with the right autocomplete, and keep them through a refresh', async () => {
    answeredBefore('name');
    answerCalls(fetchMock, {});
    renderAt('/amount/name');
    const first = await screen.findByRole('textbox', { name: 'First name' });
    expect(first).toHaveAttribute('autocomplete', 'given-name');
    await userEvent.click(continueButton());
    expect(summaryMessages()).toEqual(['Enter your first name']);
    expect(first).toHaveAccessibleDescription('Error: Enter your first name');

    await userEvent.type(first, 'S'.repeat(101));
    await userEvent.click(continueButton());
    expect(summaryMessages()).toEqual(['Your first name must be 100 characters or fewer']);
    await userEvent.clear(first);
    await userEvent.type(first, 'Sam');
    const router = refresh('/amount/name');
    expect(await screen.findByRole('textbox', { name: 'First name' })).toHaveValue('Sam');
    await userEvent.click(continueButton());

    const last = await screen.findByRole('textbox', { name: 'Last name' });
    expect(await heading('What is your last name?')).toBeInTheDocument();
    expect(last).toHaveAttribute('autocomplete', 'family-name');
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/amount/name');
    await userEvent.click(continueButton());
    expect(summaryMessages()).toEqual(['Enter your last name']);
    await userEvent.type(last, 'Lee');
    await userEvent.click(continueButton());
    await heading('What is your date of birth?');
    expect(router.state.location.pathname).toBe('/amount/dob_input');
  });
});

describe('/amount/dob_input', () => {
  async function fields() {
    return {
      day: await screen.findByRole('textbox', { name: 'Day' }),
      month: screen.getByRole('textbox', { name: 'Month' }),
      year: screen.getByRole('textbox', { name: 'Year' }),
    };
  }

  async function enter(day: string, month: string, year: string) {
    const { day: d, month: m, year: y } = await fields();
    for (const [field, text] of [
      [d, day],
      [m, month],
      [y, year],
    ] as const) {
      await userEvent.clear(field);
      if (text !== '') await userEvent.type(field, text);
    }
    await userEvent.click(continueButton());
  }

  it('is a GOV.UK date input: three numeric fields with the birthday autocompletes, in one group', async () => {
    answeredBefore('dob');
    answerCalls(fetchMock, {});
    renderAt('/amount/dob_input');
    const { day, month, year } = await fields();
    expect(screen.getByRole('group', { name: 'What is your date of birth?' })).toHaveAccessibleDescription(
      'For example, 27 3 1990',
    );
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/amount/last_name');
    expect([day, month, year].map((field) => field.getAttribute('autocomplete'))).toEqual([
      'bday-day',
      'bday-month',
      'bday-year',
    ]);
    for (const field of [day, month, year]) expect(field).toHaveAttribute('inputmode', 'numeric');
  });

  it('says what is wrong with the date', async () => {
    answeredBefore('dob');
    answerCalls(fetchMock, {});
    const router = renderAt('/amount/dob_input');
    const { day, month, year } = await fields();

    await userEvent.click(continueButton());
    expect(summaryMessages()).toEqual(['Enter your date of birth']);
    expect(screen.getByRole('group', { name: 'What is your date of birth?' })).toHaveAccessibleDescription(
      'For example, 27 3 1990 Error: Enter your date of birth',
    );

    await enter('31', '2', '1990');
    expect(summaryMessages()).toEqual(['Date of birth must be a real date']);
    await enter('7', '', '1990');
    expect(summaryMessages()).toEqual(['Date of birth must be a real date']);
    expect(month).toHaveAttribute('aria-invalid', 'true');
    expect(day).toHaveAttribute('aria-invalid', 'false');
    await userEvent.click(screen.getByRole('link', { name: 'Date of birth must be a real date' }));
    expect(month).toHaveFocus();

    const nextYear = String(new Date().getFullYear() + 1);
    await enter('1', '1', nextYear);
    expect(summaryMessages()).toEqual(['Date of birth must be in the past']);
    const tenYearsAgo = String(new Date().getFullYear() - 10);
    await enter('1', '1', tenYearsAgo);
    expect(summaryMessages()).toEqual(['You must be 18 or over to apply']);
    expect(year).toHaveAttribute('aria-invalid', 'true');
    expect(router.state.location.pathname).toBe('/amount/dob_input');

    await enter('7', '3', '1990');
    await heading('What is your email address?');
    expect(router.state.location.pathname).toBe('/amount/email');
  });

  it('keeps the date through a refresh', async () => {
    answeredBefore('dob');
    answerCalls(fetchMock, {});
    renderAt('/amount/dob_input');
    const { day, month, year } = await fields();
    await userEvent.type(day, '7');
    await userEvent.type(month, '3');
    await userEvent.type(year, '1990');
    refresh('/amount/dob_input');
    const again = await fields();
    expect([again.day, again.month, again.year].map((field) => (field as HTMLInputElement).value)).toEqual([
      '7',
      '3',
      '1990',
    ]);
  });
});

describe('/amount/email', () => {
  it('checks the address with the BFF before moving on', async () => {
    answeredBefore('email');
    answerCalls(fetchMock, { '/eligibility/verifyUserStatusByEmail': { resultData: null } });
    const router = renderAt('/amount/email');
    const field = await screen.findByRole('textbox', { name: 'Email address' });
    expect(field).toHaveAttribute('autocomplete', 'email');
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/amount/dob_input');

    await userEvent.click(continueButton());
    expect(summaryMessages()).toEqual(['Enter your email address']);
    await userEvent.type(field, 'sam.lee@example');
    await userEvent.click(continueButton());
    expect(summaryMessages()).toEqual(['Enter an email address in the correct format, like name@example.com']);
    expect(callsTo(fetchMock, '/eligibility/verifyUserStatusByEmail')).toHaveLength(0);

    await userEvent.type(field, '.com');
    await userEvent.click(continueButton());
    await heading('What is your yearly income before tax?');
    expect(router.state.location.pathname).toBe('/amount/income');
    expect(await bodyOf(fetchMock, '/eligibility/verifyUserStatusByEmail')).toEqual({ email: 'sam.lee@example.com' });

    refresh('/amount/email');
    expect(await screen.findByRole('textbox', { name: 'Email address' })).toHaveValue('sam.lee@example.com');
  });

  it('refuses what the BFF would refuse, in its words, before anything is sent', async () => {
    answeredBefore('email');
    answerCalls(fetchMock, {});
    renderAt('/amount/email');
    const field = await screen.findByRole('textbox', { name: 'Email address' });

    await userEvent.type(field, 'jo..smith@example.com');
    await userEvent.click(continueButton());
    expect(summaryMessages()).toEqual(['Enter an email address in the correct format, like name@example.com']);
    expect(field).toHaveAccessibleDescription(
      'We will use this to contact you about your application Error: Enter an email address in the correct format, like name@example.com',
    );

    await userEvent.clear(field);
    await userEvent.click(field);
    await userEvent.paste(`${'a'.repeat(243)}@example.com`);
    await userEvent.click(continueButton());
    expect(summaryMessages()).toEqual(['Your email address must be 254 characters or fewer']);
    expect(callsTo(fetchMock, '/eligibility/verifyUserStatusByEmail')).toHaveLength(0);
  });

  it('sends an address that already has an account to the login with the already-registered popup', async () => {
    answeredBefore('email');
    answerCalls(fetchMock, {
      '/eligibility/verifyUserStatusByEmail': failure(100613, 'You are already registered, please log in'),
    });
    const router = renderAt('/amount/email');
    await userEvent.type(await screen.findByRole('textbox', { name: 'Email address' }), 'up-to-date@personas.example');
    await userEvent.click(continueButton());
    expect(await screen.findByRole('dialog', { name: 'You are already a Meadow Loans customer' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login/emailLogin');
    expect(await bodyOf(fetchMock, '/eligibility/verifyUserStatusByEmail')).toEqual({
      email: 'up-to-date@personas.example',
    });
  });
});

describe('/amount/income', () => {
  it('takes whole pounds after a £ sign', async () => {
    answeredBefore('income');
    answerCalls(fetchMock, {});
    const router = renderAt('/amount/income');
    const field = await screen.findByRole('textbox', { name: 'Yearly income before tax' });
    expect(field).toHaveAttribute('inputmode', 'numeric');
    expect(screen.getByText('£')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/amount/email');

    await userEvent.click(continueButton());
    expect(summaryMessages()).toEqual(['Enter your yearly income before tax']);
    await userEvent.type(field, 'lots');
    await userEvent.click(continueButton());
    expect(summaryMessages()).toEqual(['Enter your yearly income before tax in whole pounds, like 32,000']);

    await userEvent.clear(field);
    await userEvent.type(field, '32,000');
    await userEvent.click(continueButton());
    await heading('What is your employment status?');
    expect(router.state.location.pathname).toBe('/amount/employment');
  });
});

describe('/amount/employment', () => {
  it('asks for a status, then leads on to the address', async () => {
    answeredBefore('employment');
    answerCalls(fetchMock, {});
    const router = renderAt('/amount/employment');
    await heading('What is your employment status?');
    const group = screen.getByRole('group', { name: 'What is your employment status?' });
    expect(within(group).getAllByRole('radio').map((radio) => radio.closest('label')?.textContent)).toEqual([
      'Employed full time',
      'Employed part time',
      'Self-employed',
      'Retired',
      'Not working',
      'Other',
    ]);
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/amount/income');
    await userEvent.click(continueButton());
    expect(summaryMessages()).toEqual(['Select your employment status']);

    await userEvent.click(screen.getByRole('radio', { name: 'Self-employed' }));
    await userEvent.click(continueButton());
    await heading('What is your address?');
    expect(router.state.location.pathname).toBe('/amount/address');
  });
});

describe('/amount/step2', () => {
  it('shows every answer, the addresses and housing included, each with a link to change it', async () => {
    answeredBefore('end');
    keepApplicationAnswers({
      purpose: 'other',
      purposeText: 'A new boiler',
      dobDay: '07',
      employment: 'self_employed',
      addresses: [
        { ...ORCHARD_CLOSE, movedInMonth: '4', movedInYear: yearsAgo(1) },
        {
          ...ORCHARD_CLOSE,
          gazetteerId: '',
          houseNumber: '14',
          street: 'Mill Lane',
          county: '',
          postcode: 'LM2 4QT',
          label: '14 Mill Lane, Lowmere, LM2 4QT',
          movedInMonth: '1',
          movedInYear: yearsAgo(6),
        },
      ],
    });
    answerCalls(fetchMock, {});
    const router = renderAt('/amount/step2');
    await heading('Check your answers');
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/amount/rent_payment');

    const answers = screen.getAllByRole('term').map((term) => [term.textContent, term.nextElementSibling?.textContent]);
    expect(answers).toEqual([
      ['Loan amount', '£7,500'],
      ['Loan term', '60 months'],
      ['Loan purpose', 'Something else'],
      ['What the loan is for', 'A new boiler'],
      ['First name', 'Sam'],
      ['Last name', 'Lee'],
      ['Date of birth', '7 March 1990'],
      ['Email address', 'sam.lee@example.com'],
      ['Yearly income before tax', '£32,000'],
      ['Employment status', 'Self-employed'],
      ['Current address', `12A Orchard Close, Lowmere, Wessex, LM3 8RD. Moved in April ${yearsAgo(1)}`],
      ['Previous address 1', `14 Mill Lane, Lowmere, LM2 4QT. Moved in January ${yearsAgo(6)}`],
      ['Housing situation', 'I rent from a private landlord'],
      ['Rent or mortgage each month', '£650'],
    ]);
    expect(screen.getByRole('link', { name: 'Change loan amount' })).toHaveAttribute('href', '/amount/amount_default');
    expect(screen.getByRole('link', { name: 'Change loan term' })).toHaveAttribute('href', '/amount/amount_default');
    expect(screen.getByRole('link', { name: 'Change what the loan is for' })).toHaveAttribute(
      'href',
      '/amount/purpose_text',
    );
    expect(screen.getByRole('link', { name: 'Change previous address 1' })).toHaveAttribute(
      'href',
      '/amount/previous_address?entry=1',
    );
    expect(screen.getByRole('link', { name: 'Change housing situation' })).toHaveAttribute('href', '/amount/rent_cost');

    await userEvent.click(screen.getByRole('link', { name: 'Change date of birth' }));
    expect(await screen.findByRole('textbox', { name: 'Year' })).toHaveValue('1990');
    expect(router.state.location.pathname).toBe('/amount/dob_input');

    await router.navigate('/amount/step2');
    await heading('Check your answers');
    await userEvent.click(continueButton());
    await heading('Check if you can get a loan');
    expect(router.state.location.pathname).toBe('/amount/credit_consent');
  });

  it('shows the loan amount and term asked for, and changing them goes back to the amount', async () => {
    answeredBefore('end');
    quoteDraft.replace({ amount: '£12,000', term: '36' });
    answerCalls(fetchMock, {
      '/ledger/loanProduct': { resultData: { minAmountPence: 100_000, maxAmountPence: 2_500_000, minTermMonths: 12, maxTermMonths: 60 } },
    });
    const router = renderAt('/amount/step2');
    await heading('Check your answers');
    const value = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(value('Loan amount')).toBe('£12,000');
    expect(value('Loan term')).toBe('36 months');

    await userEvent.click(screen.getByRole('link', { name: 'Change loan term' }));
    expect(await screen.findByRole('textbox', { name: 'Amount' })).toHaveValue('£12,000');
    expect(screen.getByRole('combobox', { name: 'How long do you want to borrow it for?' })).toHaveValue('36');
    expect(router.state.location.pathname).toBe('/amount/amount_default');
  });

  it('is not shown with an answer missing: the first unanswered step is', async () => {
    answeredBefore('rentCost');
    answerCalls(fetchMock, {});
    const router = renderAt('/amount/step2');
    await heading('What is your housing situation?');
    expect(router.state.location.pathname).toBe('/amount/rent_cost');
  });
});
