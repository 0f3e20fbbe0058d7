import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { StepProgress, stepPercent } from './step-progress';

describe('StepProgress', () => {
  it('shows the step, the total and the percentage, and is a named progressbar with that value', () => {
    render(<StepProgress current={2} total={5} />);

    expect(screen.getByText('Step 2 of 5')).toBeVisible();
    expect(screen.getByText('40%')).toBeVisible();
    const bar = screen.getByRole('progressbar', { name: 'Application progress' });
    expect(bar).toHaveAttribute('aria-valuenow', '40');
    expect(bar).toHaveAttribute('aria-valuemin', '0');
    expect(bar).toHaveAttribute('aria-valuemax', '100');
    expect(bar).toHaveAttribute('aria-valuetext', 'Step 2 of 5, 40% complete');
  });

  it('takes the accessible name it is given', () => {
    render(<StepProgress current={1} total={3} label="Top-up progress" />);

    expect(screen.getByRole('progressbar', { name: 'Top-up progress' })).toHaveAttribute('aria-valuenow', '33');
  });

  it('is at 0% on step 0 (the quote) and at 100% when every step is done (submitted)', () => {
    const { rerender } = render(<StepProgress current={0} total={6} />);
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0');

    rerender(<StepProgress current={6} total={6} />);
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
    expect(screen.getByText('Step 6 of 6')).toBeInTheDocument();
  });

  it('never reads beyond its ends', () => {
    const { rerender } = render(<StepProgress current={9} total={4} />);
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuetext', 'Step 4 of 4, 100% complete');

    rerender(<StepProgress current={-1} total={4} />);
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuetext', 'Step 0 of 4, 0% complete');
  });
});

describe('stepPercent', () => {
  it.each([
    [0, 5, 0],
    [1, 5, 20],
    [1, 3, 33],
    [2, 3, 67],
    [3, 3, 100],
    [7, 3, 100],
    [-2, 3, 0],
    [1, 0, 0],
    [1, -4, 0],
    [1, Number.NaN, 0],
  ])('step %d of %d is %d%%', (current, total, percent) => {
    expect(stepPercent(current, total)).toBe(percent);
  });
});
