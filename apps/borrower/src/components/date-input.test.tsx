import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { DateInput, dateSummaryErrors } from './date-input';
import type { DatePart, DateProblem } from './date-input';
import { ErrorSummary } from '@lender/ui/components/error-summary';

/** A form holding its own date, as a screen does: the summary above, the date input below. */
function DateForm<P extends DatePart>({
  parts,
  problem,
  birthday,
  hideLegend,
  initial,
}: {
  parts: readonly P[];
  problem?: DateProblem<P>;
  birthday?: boolean;
  hideLegend?: boolean;
  initial: Record<P, string>;
}) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <ErrorSummary errors={dateSummaryErrors('when', parts, problem)} />
      <DateInput
        idPrefix="when"
        legend="When did it happen?"
        hideLegend={hideLegend}
        hint="For example, 27 3 1990"
        parts={parts}
        value={value}
        onChange={setValue}
        problem={problem}
        birthday={birthday}
      />
      <output aria-label="Kept">{JSON.stringify(value)}</output>
    </>
  );
}

const FULL = ['day', 'month', 'year'] as const;

describe('DateInput', () => {
  it('is one group named by its legend and described by its hint, with a labelled numeric box per part', () => {
    render(<DateForm parts={FULL} initial={{ day: '', month: '', year: '' }} />);
    const group = screen.getByRole('group', { name: 'When did it happen?' });
    expect(group.tagName).toBe('FIELDSET');
    expect(group).toHaveAccessibleDescription('For example, 27 3 1990');
    const boxes = within(group).getAllByRole('textbox');
    expect(boxes.map((box) => box.getAttribute('id'))).toEqual(['when-day', 'when-month', 'when-year']);
    expect(boxes).toEqual([
      screen.getByRole('textbox', { name: 'Day' }),
      screen.getByRole('textbox', { name: 'Month' }),
      screen.getByRole('textbox', { name: 'Year' }),
    ]);
    for (const box of boxes) {
      expect(box).toHaveAttribute('inputmode', 'numeric');
      expect(box).toHaveAttribute('type', 'text');
      expect(box).toHaveAttribute('aria-invalid', 'false');
      expect(box).toHaveAttribute('autocomplete', 'off');
    }
    // No problem, no summary and no inline message.
    expect(screen.queryByRole('alert')).toBeNull();
    expect(document.getElementById('when-error')).toBeNull();
  });

  it('asks only the parts it is given, and offers the birthday autocompletes for a date of birth', () => {
    const { unmount } = render(<DateForm parts={['month', 'year'] as const} initial={{ month: '', year: '' }} />);
    expect(screen.getAllByRole('textbox').map((box) => box.getAttribute('name'))).toEqual(['when-month', 'when-year']);
    expect(screen.queryByRole('textbox', { name: 'Day' })).toBeNull();
    unmount();

    render(<DateForm parts={FULL} birthday initial={{ day: '', month: '', year: '' }} />);
    expect(screen.getAllByRole('textbox').map((box) => box.getAttribute('autocomplete'))).toEqual([
      'bday-day',
      'bday-month',
      'bday-year',
    ]);
  });

  it('shows its legend unless it repeats the heading, when only screen readers get it', () => {
    const { unmount } = render(<DateForm parts={FULL} initial={{ day: '', month: '', year: '' }} />);
    expect(screen.getByText('When did it happen?', { selector: 'legend' })).not.toHaveStyle({ position: 'absolute' });
    unmount();
    render(<DateForm parts={FULL} hideLegend initial={{ day: '', month: '', year: '' }} />);
    expect(screen.getByText('When did it happen?', { selector: 'legend' })).toHaveStyle({ position: 'absolute', width: '1px' });
    expect(screen.getByRole('group', { name: 'When did it happen?' })).toBeInTheDocument();
  });

  it('hands every keystroke back with the other parts unchanged', async () => {
    render(<DateForm parts={FULL} initial={{ day: '7', month: '', year: '1990' }} />);
    expect(screen.getByRole('textbox', { name: 'Day' })).toHaveValue('7');
    await userEvent.type(screen.getByRole('textbox', { name: 'Month' }), '03');
    expect(screen.getByRole('status', { name: 'Kept' })).toHaveTextContent('{"day":"7","month":"03","year":"1990"}');
  });

  it('says the problem inline, marks only the parts in error, and the summary links to the first of them', async () => {
    const problem: DateProblem = { message: 'Date of birth must be a real date', parts: ['month', 'year'] };
    render(<DateForm parts={FULL} problem={problem} initial={{ day: '7', month: '', year: '19' }} />);
    const group = screen.getByRole('group', { name: 'When did it happen?' });
    expect(group).toHaveAccessibleDescription('For example, 27 3 1990 Error: Date of birth must be a real date');
    expect(document.getElementById('when-error')).toHaveTextContent('Date of birth must be a real date');
    expect(screen.getByRole('textbox', { name: 'Day' })).toHaveAttribute('aria-invalid', 'false');
    expect(screen.getByRole('textbox', { name: 'Month' })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('textbox', { name: 'Year' })).toHaveAttribute('aria-invalid', 'true');

    const summary = screen.getByRole('alert', { name: 'There is a problem' });
    expect(summary).toHaveFocus();
    const link = within(summary).getByRole('link', { name: 'Date of birth must be a real date' });
    expect(link).toHaveAttribute('href', '#when-month');
    await userEvent.click(link);
    expect(screen.getByRole('textbox', { name: 'Month' })).toHaveFocus();
  });
});

describe('dateSummaryErrors', () => {
  it('is empty without a problem, and links to the first part in error, else the first part asked', () => {
    expect(dateSummaryErrors('dob', FULL, undefined)).toEqual([]);
    expect(dateSummaryErrors('dob', FULL, { message: 'Enter your date of birth', parts: ['year'] })).toEqual([
      { fieldId: 'dob-year', message: 'Enter your date of birth' },
    ]);
    expect(dateSummaryErrors('movedIn', ['month', 'year'] as const, { message: 'Enter the month and year', parts: [] })).toEqual([
      { fieldId: 'movedIn-month', message: 'Enter the month and year' },
    ]);
  });
});
