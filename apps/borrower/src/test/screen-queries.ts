// Queries the screens' tests share (imported from *.test.tsx files only): what a person sees on a GOV.UK
// question page, found by role as assistive technology finds it.
import { screen, within } from '@testing-library/react';
import { expect } from 'vitest';

/** The page's one h1, once it has rendered. */
export function heading(name: string) {
  return screen.findByRole('heading', { level: 1, name });
}

export function continueButton() {
  return screen.getByRole('button', { name: 'Continue' });
}

/** The error summary after a failed submit: focused, with one link per message. */
export function summaryMessages(): (string | null)[] {
  const summary = screen.getByRole('alert', { name: 'There is a problem' });
  expect(summary).toHaveFocus();
  return within(summary)
    .getAllByRole('link')
    .map((link) => link.textContent);
}
