import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, ApiTransportError } from '@lender/api-client';
import axe from 'axe-core';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { useFormContext } from 'react-hook-form';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { useDocumentTitle } from '../../lib/page-title';
import { heading, summaryMessages } from '../../test/screen-queries';
import {
  AddressAnswer,
  CheckboxesAnswer,
  CodeAnswer,
  checkedText,
  DateAnswer,
  dateParts,
  MoneyAnswer,
  optionalPence,
  pence,
  PhoneAnswer,
  QuestionPage,
  RadiosAnswer,
  RefusedAnswers,
  requiredChoice,
  SelectAnswer,
  SubmitAnotherWay,
  TextAnswer,
} from '.';
import type { QuestionPageProps } from '.';

/** The frame pages get from the app (the brand's layout), reduced to what a question page puts in it. */
function Frame({ title, backTo, children }: { title: string; backTo?: string; children: ReactNode }) {
  return (
    <>
      <header>{backTo === undefined ? null : <a href={backTo}>Back</a>}</header>
      <main>
        <h1>{title}</h1>
        {children}
      </main>
    </>
  );
}

function TitledLayout() {
  useDocumentTitle();
  return <Outlet />;
}

/** Renders a question page as the app does, under a layout that keeps the document title. */
function renderPage<Input extends Record<string, unknown>, Output>(props: Omit<QuestionPageProps<Input, Output>, 'frame'>) {
  const router = createMemoryRouter([
    { element: <TitledLayout />, children: [{ path: '/', element: <QuestionPage frame={Frame} {...props} /> }] },
  ]);
  return render(<RouterProvider router={router} />);
}

const continueButton = () => screen.getByRole('button', { name: 'Continue' });

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

const twoQuestions = z.object({
  name: checkedText((value) => (value.trim() === '' ? 'Enter your name' : undefined)),
  colour: requiredChoice('Select a colour'),
});

describe('QuestionPage', () => {
  it('asks one question as the h1 and the title, with the back link, the hint and the fields', async () => {
    renderPage({
      question: 'Tell us about you',
      hint: 'Two questions',
      backTo: '/before',
      schema: twoQuestions,
      defaultValues: { name: '', colour: '' },
      onSubmit: vi.fn(),
      children: (
        <>
          <TextAnswer name="name" label="Your name" hint="As on your bank card" input={{ autoComplete: 'name' }} />
          <RadiosAnswer name="colour" legend="Favourite colour" options={[{ value: 'red', label: 'Red' }]} />
        </>
      ),
    });
    await heading('Tell us about you');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(document.title).toBe('Tell us about you – Meadow Loans');
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/before');
    expect(screen.getByText('Two questions')).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'Your name' })).toHaveAccessibleDescription('As on your bank card');
    const results = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((violation) => violation.id)).toEqual([]);
  });

  it('after a failed submit: "Error: " titles the page, the summary takes focus, each message by its field with its hint', async () => {
    const onSubmit = vi.fn();
    renderPage({
      question: 'Tell us about you',
      schema: twoQuestions,
      defaultValues: { name: '', colour: '' },
      onSubmit,
      children: (
        <>
          <TextAnswer name="name" label="Your name" hint="As on your bank card" />
          <RadiosAnswer name="colour" legend="Favourite colour" hint="Pick one" options={[{ value: 'red', label: 'Red' }]} />
        </>
      ),
    });
    await userEvent.click(continueButton());
    expect(summaryMessages()).toEqual(['Enter your name', 'Select a colour']);
    expect(document.title).toBe('Error: Tell us about you – Meadow Loans');
    const name = screen.getByRole('textbox', { name: 'Your name' });
    // The hint stays, and the message is read after a hidden "Error:".
    expect(name).toHaveAccessibleDescription('As on your bank card Error: Enter your name');
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('As on your bank card')).toBeVisible();
    expect(screen.getByRole('group', { name: 'Favourite colour' })).toHaveAccessibleDescription('Pick one Error: Select a colour');
    expect(onSubmit).not.toHaveBeenCalled();
    const results = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((violation) => violation.id)).toEqual([]);

    await userEvent.type(name, 'Sam');
    await userEvent.click(screen.getByRole('radio', { name: 'Red' }));
    await userEvent.click(continueButton());
    await waitFor(() => {
      expect(onSubmit).toHaveBeenCalledWith({ name: 'Sam', colour: 'red' });
    });
    expect(document.title).toBe('Tell us about you – Meadow Loans');
  });

  it("moves focus to the field of a summary link and brings the field's label into view", async () => {
    const scrolled: Element[] = [];
    vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(function record(this: Element) {
      scrolled.push(this);
    });
    renderPage({
      question: 'Tell us about you',
      schema: twoQuestions,
      defaultValues: { name: '', colour: '' },
      onSubmit: vi.fn(),
      children: (
        <>
          <TextAnswer name="name" label="Your name" />
          <RadiosAnswer name="colour" legend="Favourite colour" options={[{ value: 'red', label: 'Red' }]} />
        </>
      ),
    });
    await userEvent.click(continueButton());
    const summary = screen.getByRole('alert', { name: 'There is a problem' });
    await userEvent.click(within(summary).getByRole('link', { name: 'Enter your name' }));
    expect(screen.getByRole('textbox', { name: 'Your name' })).toHaveFocus();
    expect(scrolled.at(-1)).toHaveTextContent('Your name');
    expect(scrolled.at(-1)?.tagName).toBe('LABEL');

    await userEvent.click(within(summary).getByRole('link', { name: 'Select a colour' }));
    expect(screen.getByRole('radio', { name: 'Red' })).toHaveFocus();
    expect(scrolled.at(-1)?.tagName).toBe('LEGEND');
    expect(scrolled.at(-1)).toHaveTextContent('Favourite colour');
  });

  it('puts a 100400 answer on the field the page names, keeping the answers, and keeps the button busy meanwhile', async () => {
    let fail: (error: unknown) => void = () => undefined;
    renderPage({
      question: 'Your email',
      schema: z.object({ email: z.string() }),
      defaultValues: { email: 'sam@example.com' },
      serverField: 'email',
      onSubmit: () =>
        new Promise((_, reject) => {
          fail = reject;
        }),
      children: <TextAnswer name="email" label="Email address" type="email" />,
    });
    await userEvent.click(continueButton());
    expect(continueButton()).toBeDisabled();
    await act(async () => {
      fail(new ApiError({ status: 400, errorCode: 100400, errorMessage: 'That address is taken.', httpStatus: 200 }));
      await Promise.resolve();
    });
    expect(summaryMessages()).toEqual(['That address is taken.']);
    expect(screen.getByRole('textbox', { name: 'Email address' })).toHaveAccessibleDescription('Error: That address is taken.');
    expect(screen.getByRole('textbox', { name: 'Email address' })).toHaveValue('sam@example.com');
    expect(continueButton()).toBeEnabled();
    expect(document.title).toBe('Error: Your email – Meadow Loans');
  });

  it('puts a 100400 on the field the BFF names, by the name the call sends it under', async () => {
    const onSubmit = vi.fn().mockRejectedValue(
      new ApiError({
        status: 400,
        errorCode: 100400,
        errorMessage: 'Monthly rent or mortgage must be £100,000 or less',
        httpStatus: 200,
        field: 'monthlyCostPence',
      }),
    );
    renderPage({
      question: 'Your housing',
      schema: z.object({ where: z.string(), housingCost: z.string() }),
      defaultValues: { where: 'Flat', housingCost: '99999999' },
      serverFields: { monthlyCostPence: 'housingCost' },
      serverField: 'where',
      onSubmit,
      children: (
        <>
          <TextAnswer name="where" label="Where you live" />
          <TextAnswer name="housingCost" label="Rent" />
        </>
      ),
    });
    await userEvent.click(continueButton());
    await waitFor(() => {
      expect(summaryMessages()).toEqual(['Monthly rent or mortgage must be £100,000 or less']);
    });
    expect(screen.getByRole('textbox', { name: 'Rent' })).toHaveAccessibleDescription(
      'Error: Monthly rent or mortgage must be £100,000 or less',
    );
    expect(screen.getByRole('textbox', { name: 'Where you live' })).not.toHaveAccessibleDescription(/Error/);
  });

  it('leaves any other failure to the shared error table: no summary, the answers kept, the button ready again', async () => {
    const onSubmit = vi.fn().mockRejectedValue(new ApiError({ status: 503, errorCode: 100503, errorMessage: 'Down', httpStatus: 503 }));
    renderPage({
      question: 'Your email',
      schema: z.object({ email: z.string() }),
      defaultValues: { email: 'sam@example.com' },
      serverField: 'email',
      onSubmit,
      children: <TextAnswer name="email" label="Email address" />,
    });
    await userEvent.click(continueButton());
    await waitFor(() => {
      expect(continueButton()).toBeEnabled();
    });
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Email address' })).toHaveValue('sam@example.com');
  });

  it("says by the field any refusal of a call whose page says them all ('any'), never a failure to reach the BFF", async () => {
    const onSubmit = vi
      .fn()
      .mockRejectedValueOnce(new ApiError({ status: 429, errorCode: 100429, errorMessage: 'Wait a minute.', httpStatus: 429 }))
      .mockRejectedValueOnce(new ApiTransportError('network', 0));
    renderPage({
      question: 'Your mobile',
      schema: z.object({ phone: z.string() }),
      defaultValues: { phone: '07700900982' },
      serverField: 'phone',
      serverCodes: 'any',
      onSubmit,
      children: <PhoneAnswer name="phone" label="Mobile number" />,
    });
    await userEvent.click(continueButton());
    expect(await screen.findByRole('link', { name: 'Wait a minute.' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Mobile number' })).toHaveAccessibleDescription('Error: Wait a minute.');

    await userEvent.click(continueButton());
    await waitFor(() => {
      expect(screen.queryByRole('alert')).toBeNull();
    });
    expect(onSubmit).toHaveBeenCalledTimes(2);
  });

  it('says by their fields the answers a call took but refused (RefusedAnswers), and empties the answers asked afresh', async () => {
    renderPage({
      question: 'Your account',
      schema: z.object({ name: z.string(), pin: z.string() }),
      defaultValues: { name: '', pin: '' },
      resetAfterFailure: ['pin'],
      onSubmit: () => {
        throw new RefusedAnswers({ name: 'The bank holds another name.' });
      },
      children: (
        <>
          <TextAnswer name="name" label="Name" />
          <TextAnswer name="pin" label="PIN" />
        </>
      ),
    });
    await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), 'Sam');
    await userEvent.type(screen.getByRole('textbox', { name: 'PIN' }), '2468');
    await userEvent.click(continueButton());
    expect(summaryMessages()).toEqual(['The bank holds another name.']);
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveAccessibleDescription('Error: The bank holds another name.');
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Sam');
    expect(screen.getByRole('textbox', { name: 'PIN' })).toHaveValue('');
  });

  it('keeps the button busy while the page says so, and lets what is below the button use the form', async () => {
    function Below({ onDone }: { onDone: () => void }) {
      const { setValue } = useFormContext<{ code: string }>();
      return (
        <button
          type="button"
          onClick={() => {
            setValue('code', '');
            onDone();
          }}
        >
          Send a new code
        </button>
      );
    }
    function Page() {
      const [sending, setSending] = useState(true);
      return (
        <QuestionPage
          frame={Frame}
          question="Your code"
          schema={z.object({ code: z.string() })}
          defaultValues={{ code: '123' }}
          busy={sending}
          onSubmit={vi.fn()}
          after={
            <Below
              onDone={() => {
                setSending(false);
              }}
            />
          }
        >
          <CodeAnswer name="code" label="Code" />
        </QuestionPage>
      );
    }
    render(<RouterProvider router={createMemoryRouter([{ path: '/', element: <Page /> }])} />);
    expect(continueButton()).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Send a new code' }));
    expect(screen.getByRole('textbox', { name: 'Code' })).toHaveValue('');
    expect(continueButton()).toBeEnabled();
  });

  it('tells the draft of every change', async () => {
    const onChange = vi.fn();
    renderPage({
      question: 'Your name',
      schema: z.object({ name: z.string() }),
      defaultValues: { name: '' },
      onChange,
      onSubmit: vi.fn(),
      children: <TextAnswer name="name" label="Name" />,
    });
    await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), 'Al');
    expect(onChange).toHaveBeenLastCalledWith({ name: 'Al' });
  });

  it('shows the problems it opens with by their fields and in the summary, without "Error: " in the title, until the next submit', async () => {
    const onSubmit = vi.fn();
    const onChange = vi.fn();
    renderPage({
      question: 'Your code',
      schema: z.object({ code: z.string() }),
      defaultValues: { code: 'W12' },
      initialErrors: { code: 'That code was refused.' },
      onChange,
      onSubmit,
      children: <TextAnswer name="code" label="Code" />,
    });
    expect(await screen.findByRole('alert', { name: 'There is a problem' })).toHaveFocus();
    expect(summaryMessages()).toEqual(['That code was refused.']);
    expect(screen.getByRole('textbox', { name: 'Code' })).toHaveAccessibleDescription('Error: That code was refused.');
    expect(document.title).toBe('Your code – Meadow Loans');
    expect(onChange).not.toHaveBeenCalled();

    await userEvent.click(continueButton());
    await waitFor(() => {
      expect(onSubmit).toHaveBeenCalledWith({ code: 'W12' });
    });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('sends the same answers another way below Continue, with the same check and the same refusals by the field', async () => {
    const byLink = vi.fn();
    let fail: (error: unknown) => void = () => undefined;
    const byCode = vi.fn(
      () =>
        new Promise((_, reject) => {
          fail = reject;
        }),
    );
    renderPage({
      question: 'Your email',
      schema: z.object({ email: checkedText((value) => (value === '' ? 'Enter your email' : undefined)).transform((value) => value.toUpperCase()) }),
      defaultValues: { email: '' },
      submitLabel: 'Email me a link',
      onSubmit: byLink,
      after: <SubmitAnotherWay label="Email me a code" onSubmit={byCode} serverField="email" />,
      children: <TextAnswer name="email" label="Email address" />,
    });
    const another = screen.getByRole('button', { name: 'Email me a code' });
    await userEvent.click(another);
    expect(summaryMessages()).toEqual(['Enter your email']);
    expect(byCode).not.toHaveBeenCalled();

    await userEvent.type(screen.getByRole('textbox', { name: 'Email address' }), 'sam');
    await userEvent.click(another);
    expect(byCode).toHaveBeenCalledWith({ email: 'SAM' });
    expect(another).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Email me a link' })).toBeDisabled();
    await act(async () => {
      fail(new ApiError({ status: 400, errorCode: 100400, errorMessage: 'No such address.', httpStatus: 200 }));
      await Promise.resolve();
    });
    expect(summaryMessages()).toEqual(['No such address.']);
    expect(another).toBeEnabled();
    expect(byLink).not.toHaveBeenCalled();
  });
});

describe('MoneyAnswer', () => {
  it('is typed in pounds after a £ and held in pence', async () => {
    const onSubmit = vi.fn();
    renderPage({
      question: 'Your income',
      schema: z.object({ income: pence({ required: 'Enter your income', invalid: 'Enter your income in pounds' }) }),
      defaultValues: { income: null },
      onSubmit,
      children: <MoneyAnswer name="income" label="Yearly income" />,
    });
    const field = screen.getByRole('textbox', { name: 'Yearly income' });
    expect(field).toHaveAttribute('inputmode', 'numeric');
    expect(screen.getByText('£')).toBeVisible();
    await userEvent.click(continueButton());
    expect(summaryMessages()).toEqual(['Enter your income']);
    await userEvent.type(field, 'lots');
    await userEvent.click(continueButton());
    expect(summaryMessages()).toEqual(['Enter your income in pounds']);
    await userEvent.clear(field);
    await userEvent.type(field, '£32,000');
    await userEvent.click(continueButton());
    await waitFor(() => {
      expect(onSubmit).toHaveBeenCalledWith({ income: 3_200_000 });
    });
  });

  it('shows back pence as pounds, and takes pence when asked to', async () => {
    const onSubmit = vi.fn();
    renderPage({
      question: 'Your rent',
      schema: z.object({ rent: optionalPence('Enter the rent in pounds', false) }),
      defaultValues: { rent: 65_050 },
      onSubmit,
      children: <MoneyAnswer name="rent" label="Monthly rent" withPence />,
    });
    const field = screen.getByRole('textbox', { name: 'Monthly rent' });
    expect(field).toHaveValue('650.50');
    expect(field).toHaveAttribute('inputmode', 'decimal');
    await userEvent.click(continueButton());
    await waitFor(() => {
      expect(onSubmit).toHaveBeenCalledWith({ rent: 65_050 });
    });
  });
});

describe('CodeAnswer and PhoneAnswer', () => {
  it('take a pasted code as sent, without its spaces and dashes, filled by the phone from the message', async () => {
    const onSubmit = vi.fn();
    renderPage({
      question: 'Enter the code',
      schema: z.object({ code: z.string().regex(/^\d{6}$/, 'The code must be 6 digits') }),
      defaultValues: { code: '' },
      onSubmit,
      children: <CodeAnswer name="code" label="Code" hint="We sent it by text" />,
    });
    const field = screen.getByRole('textbox', { name: 'Code' });
    expect(field).toHaveAttribute('autocomplete', 'one-time-code');
    expect(field).toHaveAttribute('inputmode', 'numeric');
    await userEvent.click(field);
    await userEvent.paste('123 456');
    expect(field).toHaveValue('123456');
    await userEvent.click(continueButton());
    await waitFor(() => {
      expect(onSubmit).toHaveBeenCalledWith({ code: '123456' });
    });
  });

  it('asks for a phone number the browser can fill', () => {
    renderPage({
      question: 'Your phone',
      schema: z.object({ phone: z.string() }),
      defaultValues: { phone: '' },
      onSubmit: vi.fn(),
      children: <PhoneAnswer name="phone" label="UK mobile number" />,
    });
    const field = screen.getByRole('textbox', { name: 'UK mobile number' });
    expect(field).toHaveAttribute('type', 'tel');
    expect(field).toHaveAttribute('autocomplete', 'tel');
    expect(field).toHaveAttribute('inputmode', 'tel');
  });
});

describe('CheckboxesAnswer and SelectAnswer', () => {
  it('hold what is ticked and chosen, with their messages by them', async () => {
    const onSubmit = vi.fn();
    renderPage({
      question: 'Your preferences',
      schema: z.object({
        contact: z.array(z.string()).min(1, 'Select how we may contact you'),
        country: requiredChoice('Select your country'),
      }),
      defaultValues: { contact: [], country: '' },
      onSubmit,
      children: (
        <>
          <CheckboxesAnswer
            name="contact"
            legend="How may we contact you?"
            options={[
              { value: 'email', label: 'Email' },
              { value: 'post', label: 'Post' },
            ]}
          />
          <SelectAnswer
            name="country"
            label="Country"
            autoComplete="country"
            options={[
              { value: 'GB', label: 'United Kingdom' },
              { value: 'IE', label: 'Ireland' },
            ]}
          />
        </>
      ),
    });
    await userEvent.click(continueButton());
    expect(summaryMessages()).toEqual(['Select how we may contact you', 'Select your country']);
    expect(screen.getByRole('group', { name: 'How may we contact you?' })).toHaveAccessibleDescription(
      'Error: Select how we may contact you',
    );
    expect(screen.getByRole('combobox', { name: 'Country' })).toHaveAccessibleDescription('Error: Select your country');
    await userEvent.click(screen.getByRole('link', { name: 'Select how we may contact you' }));
    expect(screen.getByRole('checkbox', { name: 'Email' })).toHaveFocus();

    await userEvent.click(screen.getByRole('checkbox', { name: 'Post' }));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Country' }), 'Ireland');
    await userEvent.click(continueButton());
    await waitFor(() => {
      expect(onSubmit).toHaveBeenCalledWith({ contact: ['post'], country: 'IE' });
    });
  });
});

describe('DateAnswer', () => {
  it('marks the parts a problem is about, lists it once and links to the first of them', async () => {
    renderPage({
      question: 'When did you move in?',
      schema: z.object({
        movedIn: dateParts(['month', 'year'] as const, ({ month, year }) => {
          const parts = (['month', 'year'] as const).filter((part) => ({ month, year })[part] === '');
          return parts.length === 0 ? undefined : { message: 'Enter when you moved in', parts };
        }),
      }),
      defaultValues: { movedIn: { month: '', year: '' } },
      onSubmit: vi.fn(),
      children: <DateAnswer name="movedIn" legend="When did you move in?" hideLegend hint="For example, 3 2021" parts={['month', 'year']} />,
    });
    await userEvent.click(continueButton());
    expect(summaryMessages()).toEqual(['Enter when you moved in']);
    const group = screen.getByRole('group', { name: 'When did you move in?' });
    expect(group).toHaveAccessibleDescription('For example, 3 2021 Error: Enter when you moved in');
    const month = within(group).getByRole('textbox', { name: 'Month' });
    const year = within(group).getByRole('textbox', { name: 'Year' });
    expect(month).toHaveAttribute('aria-invalid', 'true');
    expect(year).toHaveAttribute('aria-invalid', 'true');
    await userEvent.click(screen.getByRole('link', { name: 'Enter when you moved in' }));
    expect(month).toHaveFocus();

    await userEvent.type(month, '3');
    await userEvent.click(continueButton());
    expect(summaryMessages()).toEqual(['Enter when you moved in']);
    expect(month).toHaveAttribute('aria-invalid', 'false');
    expect(year).toHaveAttribute('aria-invalid', 'true');
    await userEvent.click(screen.getByRole('link', { name: 'Enter when you moved in' }));
    expect(year).toHaveFocus();
  });
});

describe('AddressAnswer', () => {
  it('finds the addresses at a postcode and holds the one chosen', async () => {
    const onSubmit = vi.fn();
    const lookup = vi.fn((postcode: string) =>
      Promise.resolve(postcode === 'HB1 2WX' ? [{ id: 'a1', label: 'Gull Cottage, Harbour Row' }, { id: 'a2', label: '7 Harbour Row' }] : []),
    );
    renderPage({
      question: 'What is your address?',
      schema: z.object({
        home: z.object({ postcode: z.string().min(1, 'Enter your postcode'), addressId: z.string().min(1, 'Select your address') }),
      }),
      defaultValues: { home: { postcode: '', addressId: '' } },
      onSubmit,
      children: <AddressAnswer name="home" lookup={lookup} />,
    });
    await userEvent.click(continueButton());
    expect(summaryMessages()).toEqual(['Enter your postcode', 'Select your address']);
    const postcode = screen.getByRole('textbox', { name: 'Postcode' });
    expect(postcode).toHaveAttribute('autocomplete', 'postal-code');
    await userEvent.type(postcode, 'HB1 2WX');
    await userEvent.click(screen.getByRole('button', { name: 'Find address' }));
    await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'Select an address' }), 'Gull Cottage, Harbour Row');
    await userEvent.click(continueButton());
    await waitFor(() => {
      expect(onSubmit).toHaveBeenCalledWith({ home: { postcode: 'HB1 2WX', addressId: 'a1' } });
    });
    expect(lookup).toHaveBeenCalledWith('HB1 2WX');
  });
});
