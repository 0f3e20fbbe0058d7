import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { summaryMessages } from '../../test/screen-queries';
import { checkedText, QuestionPage, TextAnswer } from '.';
import type { QuestionPageProps } from '.';

/** The frame pages get from the app, reduced to the question. */
function Frame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main>
      <h1>{title}</h1>
      {children}
    </main>
  );
}

function renderPage<Input extends Record<string, unknown>, Output>(props: Omit<QuestionPageProps<Input, Output>, 'frame'>) {
  const router = createMemoryRouter([{ path: '/', element: <QuestionPage frame={Frame} {...props} /> }]);
  return render(<RouterProvider router={router} />);
}

describe('QuestionPage options', () => {
  it('shows no button while there is nothing to continue with', () => {
    renderPage({
      question: 'What is your address?',
      schema: z.object({ postcode: z.string() }),
      defaultValues: { postcode: '' },
      onSubmit: vi.fn(),
      showSubmit: false,
      children: <TextAnswer name="postcode" label="Postcode" />,
    });
    expect(screen.queryByRole('button', { name: 'Continue' })).not.toBeInTheDocument();
  });

  it('tidies the answers before they are checked, and the fields and the draft show the tidied answers', async () => {
    const onSubmit = vi.fn();
    const onChange = vi.fn();
    const schema = z.object({
      street: checkedText((text) => (text.includes(',') ? 'Enter the street only' : undefined)),
      number: checkedText((text) => (text === '' ? 'Enter the number' : undefined)),
    });
    renderPage({
      question: 'What is your address?',
      schema,
      defaultValues: { street: '', number: '' },
      onChange,
      prepare: ({ street, number }) => {
        const [first = '', ...rest] = street.split(',');
        return rest.length === 0 ? { street, number } : { number: first.trim(), street: rest.join(',').trim() };
      },
      onSubmit,
      children: (
        <>
          <TextAnswer name="number" label="Number" />
          <TextAnswer name="street" label="Street" />
        </>
      ),
    });
    await userEvent.type(screen.getByRole('textbox', { name: 'Street' }), '14, Mill Lane');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByRole('textbox', { name: 'Number' })).toHaveValue('14');
    expect(screen.getByRole('textbox', { name: 'Street' })).toHaveValue('Mill Lane');
    expect(onChange).toHaveBeenLastCalledWith({ street: 'Mill Lane', number: '14' });
    expect(onSubmit).toHaveBeenCalledWith({ street: 'Mill Lane', number: '14' });
  });

  it('shows the tidied answers when the check then fails', async () => {
    renderPage({
      question: 'What is your name?',
      schema: z.object({ name: checkedText((text) => (text.length < 3 ? 'Enter your whole name' : undefined)) }),
      defaultValues: { name: '' },
      prepare: ({ name }) => ({ name: name.trim() }),
      onSubmit: vi.fn(),
      children: <TextAnswer name="name" label="Name" />,
    });
    await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), '  Al  ');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(summaryMessages()).toEqual(['Enter your whole name']);
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Al');
  });
});
