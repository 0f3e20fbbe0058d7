import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { keepApplicationAnswers, readApplicationDraft } from '../../lib/application-draft';
import { answeredBefore, ORCHARD_CLOSE, yearsAgo } from '../../test/amount-answers';
import { answerCalls, callsTo, setUpSignInTests } from '../../test/sign-in-support';
import { heading, summaryMessages } from '../../test/screen-queries';

const { fetchMock, renderAt } = setUpSignInTests();

const LM2 = {
  postcode: 'LM2 4QT',
  addresses: [
    {
      id: 'lm2-4qt-f2',
      line: 'Flat 2, Rose Court, 14, Mill Lane',
      label: 'Flat 2, Rose Court, 14 Mill Lane, Lowmere, LM2 4QT',
      town: 'Lowmere',
      county: 'Wessex',
      postcode: 'LM2 4QT',
    },
    {
      id: 'lm2-4qt-16',
      line: ', , 16, Mill Lane',
      label: '16 Mill Lane, Lowmere, LM2 4QT',
      town: 'Lowmere',
      county: 'Wessex',
      postcode: 'LM2 4QT',
    },
  ],
};

function button(name: string) {
  return screen.getByRole('button', { name });
}

describe('/amount/address', () => {
  it('looks a postcode up, tells a malformed one inline, and keeps the address chosen', async () => {
    answeredBefore('address');
    answerCalls(fetchMock, {
      '/eligibility/postCodeQuery': (request) =>
        Promise.resolve(
          new URL(request.url).searchParams.get('postCode') === 'LM2 4QT'
            ? Response.json({ status: 200, errorCode: 0, errorMessage: '', resultData: LM2 })
            : Response.json({ status: 400, errorCode: 100400, errorMessage: 'Enter a real postcode, like AB1 2CD' }),
        ),
    });
    const router = renderAt('/amount/address');
    await heading('What is your address?');
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/amount/employment');
    const postcode = screen.getByRole('textbox', { name: 'Postcode' });
    expect(postcode).toHaveAttribute('autocomplete', 'postal-code');
    expect(screen.getByRole('link', { name: 'Enter the address manually' })).toHaveAttribute(
      'href',
      '/amount/manual_address',
    );

    await userEvent.click(button('Find address'));
    expect(summaryMessages()).toEqual(['Enter a postcode']);
    expect(callsTo(fetchMock, '/eligibility/postCodeQuery')).toHaveLength(0);

    await userEvent.type(postcode, 'LM2 XYZ');
    await userEvent.click(button('Find address'));
    expect(await screen.findByRole('link', { name: 'Enter a real postcode, like AB1 2CD' })).toBeInTheDocument();
    expect(postcode).toHaveAccessibleDescription('For example, LM1 1AA Error: Enter a real postcode, like AB1 2CD');

    await userEvent.clear(postcode);
    await userEvent.type(postcode, 'LM2 4QT');
    await userEvent.click(button('Find address'));
    const group = await screen.findByRole('group', { name: 'Select your address' });
    expect(within(group).getAllByRole('radio')).toHaveLength(2);
    expect(screen.getByRole('link', { name: 'I cannot find my address in the list' })).toBeInTheDocument();
    await userEvent.click(button('Continue'));
    expect(summaryMessages()).toEqual(['Select your address']);

    await userEvent.click(screen.getByRole('radio', { name: 'Flat 2, Rose Court, 14 Mill Lane, Lowmere, LM2 4QT' }));
    await userEvent.click(button('Continue'));
    await heading('When did you move in to this address?');
    expect(router.state.location.pathname).toBe('/amount/moved_in');
    // The lookup's line is split by the address parsing rule of spec §3.
    expect(readApplicationDraft().addresses).toEqual([
      {
        gazetteerId: 'lm2-4qt-f2',
        flat: 'Flat 2',
        houseName: 'Rose Court',
        houseNumber: '14',
        street: 'Mill Lane',
        town: 'Lowmere',
        county: 'Wessex',
        postcode: 'LM2 4QT',
        label: 'Flat 2, Rose Court, 14 Mill Lane, Lowmere, LM2 4QT',
        movedInMonth: '',
        movedInYear: '',
      },
    ]);
  });

  it('says so when a postcode has no addresses, offers manual entry, and looks again after a refresh', async () => {
    answeredBefore('address');
    answerCalls(fetchMock, { '/eligibility/postCodeQuery': { resultData: { postcode: 'ZZ9 9ZZ', addresses: [] } } });
    renderAt('/amount/address');
    await userEvent.type(await screen.findByRole('textbox', { name: 'Postcode' }), 'zz9 9zz');
    await userEvent.click(button('Find address'));
    expect(await screen.findByText('We could not find any addresses for ZZ9 9ZZ.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'enter the address manually' })).toHaveAttribute('href', '/amount/manual_address');

    cleanup();
    renderAt('/amount/address');
    expect(await screen.findByText('We could not find any addresses for ZZ9 9ZZ.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Postcode' })).toHaveValue('zz9 9zz');
  });
});

describe('/amount/manual_address', () => {
  it('asks for the GOV.UK address parts, splits a comma-separated street line, and keeps them through a refresh', async () => {
    answeredBefore('address');
    answerCalls(fetchMock, {});
    renderAt('/amount/manual_address');
    await heading('What is your address?');
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/amount/address');
    await userEvent.click(button('Continue'));
    expect(summaryMessages()).toEqual([
      'Enter a house name or number',
      'Enter the street',
      'Enter the town or city',
      'Enter a postcode',
    ]);

    await userEvent.type(screen.getByRole('textbox', { name: 'Street' }), 'Flat 3, Rose Court, 14 Mill Lane');
    await userEvent.type(screen.getByRole('textbox', { name: 'Town or city' }), 'Lowmere');
    await userEvent.type(screen.getByRole('textbox', { name: 'Postcode' }), 'LM2');
    cleanup();
    const router = renderAt('/amount/manual_address');
    expect(await screen.findByRole('textbox', { name: 'Street' })).toHaveValue('Flat 3, Rose Court, 14 Mill Lane');
    await userEvent.click(button('Continue'));
    expect(summaryMessages()).toEqual(['Enter a real postcode, like LM1 1AA']);
    expect(screen.getByRole('textbox', { name: 'House number (optional)' })).toHaveValue('14');
    expect(screen.getByRole('textbox', { name: 'Street' })).toHaveValue('Mill Lane');

    await userEvent.type(screen.getByRole('textbox', { name: 'Postcode' }), '4qt');
    await userEvent.click(button('Continue'));
    await heading('When did you move in to this address?');
    expect(router.state.location.pathname).toBe('/amount/moved_in');
    expect(readApplicationDraft().addresses[0]).toMatchObject({
      gazetteerId: '',
      flat: 'Flat 3',
      houseName: 'Rose Court',
      houseNumber: '14',
      street: 'Mill Lane',
      postcode: 'LM2 4QT',
      label: 'Flat 3, Rose Court, 14 Mill Lane, Lowmere, LM2 4QT',
    });
    expect(readApplicationDraft().addressInProgress).toBeNull();
  });
});

describe('/amount/moved_in', () => {
  it('asks for a month and year in the past, then why earlier addresses are needed', async () => {
    answeredBefore('movedIn');
    answerCalls(fetchMock, {});
    const router = renderAt('/amount/moved_in');
    await heading('When did you move in to this address?');
    expect(screen.getByText(ORCHARD_CLOSE.label)).toBeInTheDocument();
    const month = screen.getByRole('textbox', { name: 'Month' });
    const year = screen.getByRole('textbox', { name: 'Year' });
    expect(month).toHaveAttribute('inputmode', 'numeric');
    await userEvent.click(button('Continue'));
    expect(summaryMessages()).toEqual(['Enter the month and year you moved in']);
    await userEvent.type(month, '4');
    await userEvent.click(button('Continue'));
    expect(summaryMessages()).toEqual(['The date you moved in must include a year']);
    expect(year).toHaveAttribute('aria-invalid', 'true');
    await userEvent.type(year, String(new Date().getFullYear() + 1));
    await userEvent.click(button('Continue'));
    expect(summaryMessages()).toEqual(['The date you moved in must be in the past']);
    await userEvent.clear(month);
    await userEvent.type(month, '13');
    await userEvent.click(button('Continue'));
    expect(summaryMessages()).toEqual(['The date you moved in must be a real date']);

    await userEvent.clear(month);
    await userEvent.type(month, '1');
    await userEvent.clear(year);
    await userEvent.type(year, yearsAgo(1));
    await userEvent.click(button('Continue'));
    await heading('We need your addresses for the last 3 years');
    expect(router.state.location.pathname).toBe('/amount/years3');
    await userEvent.click(button('Continue'));
    await heading('What was your previous address?');
    expect(router.state.location.search).toBe('?entry=1');
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/amount/years3');
  });

  it('asks an earlier address for a strictly earlier month, and goes to the history once 3 years are covered', async () => {
    answeredBefore('rentCost');
    keepApplicationAnswers({
      addresses: [{ ...ORCHARD_CLOSE, movedInMonth: '6', movedInYear: yearsAgo(1) }, ORCHARD_CLOSE],
    });
    answerCalls(fetchMock, {});
    const router = renderAt('/amount/moved_in?entry=1');
    await heading('When did you move in to this address?');
    await userEvent.type(screen.getByRole('textbox', { name: 'Month' }), '6');
    await userEvent.type(screen.getByRole('textbox', { name: 'Year' }), yearsAgo(1));
    await userEvent.click(button('Continue'));
    expect(summaryMessages()).toEqual([
      `The date you moved in must be before June ${yearsAgo(1)}, when you moved to your next address`,
    ]);
    await userEvent.clear(screen.getByRole('textbox', { name: 'Year' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Year' }), yearsAgo(4));
    await userEvent.click(button('Continue'));
    await heading('Your addresses in the last 3 years');
    expect(router.state.location.pathname).toBe('/amount/address_history');
  });
});

describe('/amount/address_history', () => {
  it('lists the addresses with change and remove links, and goes on only when 3 years are covered', async () => {
    answeredBefore('rentCost');
    keepApplicationAnswers({
      addresses: [
        { ...ORCHARD_CLOSE, movedInMonth: '6', movedInYear: yearsAgo(1) },
        { ...ORCHARD_CLOSE, label: '16 Mill Lane, Lowmere, LM2 4QT', movedInMonth: '2', movedInYear: yearsAgo(5) },
      ],
    });
    answerCalls(fetchMock, {});
    const router = renderAt('/amount/address_history');
    await heading('Your addresses in the last 3 years');
    const rows = screen.getAllByRole('term').map((term) => [term.textContent, term.nextElementSibling?.textContent]);
    expect(rows).toEqual([
      ['Current address', `${ORCHARD_CLOSE.label}Moved in June ${yearsAgo(1)}`],
      ['Previous address 1', `16 Mill Lane, Lowmere, LM2 4QTMoved in February ${yearsAgo(5)}`],
    ]);
    expect(screen.getByRole('link', { name: 'Change current address' })).toHaveAttribute('href', '/amount/address');
    expect(screen.getByRole('link', { name: 'Change previous address 1' })).toHaveAttribute(
      'href',
      '/amount/previous_address?entry=1',
    );
    expect(screen.queryByRole('button', { name: 'Remove current address' })).not.toBeInTheDocument();

    await userEvent.click(button('Remove previous address 1'));
    expect(screen.getAllByRole('term')).toHaveLength(1);
    expect(readApplicationDraft().addresses).toHaveLength(1);
    await userEvent.click(button('Continue'));
    expect(summaryMessages()).toEqual(['Add your addresses for the last 3 years']);
    expect(screen.getByRole('link', { name: 'Add an earlier address' })).toHaveAttribute(
      'href',
      '/amount/previous_address?entry=1',
    );
    expect(router.state.location.pathname).toBe('/amount/address_history');
  });
});

describe('a previous address picked from the postcode list by its house name', () => {
  it('keeps "Gull Cottage" through the moving-in date, the history, the answers and a change', async () => {
    answeredBefore('rentCost');
    keepApplicationAnswers({ addresses: [{ ...ORCHARD_CLOSE, movedInMonth: '4', movedInYear: yearsAgo(1) }] });
    const gull = {
      id: 'hb1-2wx-gull',
      line: ', Gull Cottage, , Harbour Row',
      label: 'Gull Cottage, Harbour Row, Saltharbour, HB1 2WX',
      town: 'Saltharbour',
      county: '',
      postcode: 'HB1 2WX',
    };
    answerCalls(fetchMock, {
      '/eligibility/postCodeQuery': { resultData: { postcode: 'HB1 2WX', addresses: [gull] } },
    });
    const router = renderAt('/amount/previous_address?entry=1');
    await heading('What was your previous address?');
    await userEvent.type(screen.getByRole('textbox', { name: 'Postcode' }), 'HB1 2WX');
    await userEvent.click(button('Find address'));
    await userEvent.click(await screen.findByRole('radio', { name: gull.label }));
    await userEvent.click(button('Continue'));

    await heading('When did you move in to this address?');
    expect(screen.getByText(gull.label)).toBeInTheDocument();
    expect(readApplicationDraft().addresses[1]).toMatchObject({ gazetteerId: gull.id, houseName: 'Gull Cottage', houseNumber: '' });
    await userEvent.type(screen.getByRole('textbox', { name: 'Month' }), '1');
    await userEvent.type(screen.getByRole('textbox', { name: 'Year' }), yearsAgo(6));
    await userEvent.click(button('Continue'));

    await heading('Your addresses in the last 3 years');
    const history = screen.getByText('Previous address 1', { selector: 'dt' }).nextElementSibling;
    expect(history).toHaveTextContent(`${gull.label}Moved in January ${yearsAgo(6)}`);
    await userEvent.click(button('Continue'));
    await heading('What is your housing situation?');

    keepApplicationAnswers({ housingStatus: 'renting_private', housingCost: '650' });
    await router.navigate('/amount/step2');
    await heading('Check your answers');
    const answer = screen.getByText('Previous address 1', { selector: 'dt' }).nextElementSibling;
    expect(answer).toHaveTextContent(`${gull.label}. Moved in January ${yearsAgo(6)}`);
    expect(readApplicationDraft().addresses[1]?.houseName).toBe('Gull Cottage');

    // Changing it looks the postcode up again, with the house still chosen.
    await userEvent.click(screen.getByRole('link', { name: 'Change previous address 1' }));
    expect(await screen.findByRole('radio', { name: gull.label })).toBeChecked();
    expect(readApplicationDraft().addresses[1]?.houseName).toBe('Gull Cottage');
  });
});
