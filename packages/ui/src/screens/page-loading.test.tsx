import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PageLoading } from './page-loading';

describe('PageLoading', () => {
  it('shows a progress indicator named Loading in the main landmark', () => {
    render(<PageLoading />);

    const progress = screen.getByRole('progressbar', { name: 'Loading' });
    expect(screen.getByRole('main')).toContainElement(progress);
  });
});
