import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RouteErrorScreen } from './route-error-screen';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('RouteErrorScreen', () => {
  it('apologises with one heading and reloads the page when asked', async () => {
    const onReload = vi.fn();
    render(<RouteErrorScreen onReload={onReload} />);

    expect(screen.getByRole('main')).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 1, name: 'Sorry, something went wrong' })).toBeInTheDocument();
    expect(screen.getByText('Reload the page to try again.')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Reload the page' }));

    expect(onReload).toHaveBeenCalledTimes(1);
  });

  it('is what a route shows when its screen fails to load', async () => {
    // React Router reports the failure on the console; keep the test output readable.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const router = createMemoryRouter(
      [
        {
          path: '/',
          ErrorBoundary: RouteErrorScreen,
          lazy: () => Promise.reject(new Error('Failed to fetch dynamically imported module')),
        },
      ],
      { initialEntries: ['/'] },
    );
    render(<RouterProvider router={router} />);

    expect(await screen.findByRole('heading', { level: 1, name: 'Sorry, something went wrong' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload the page' })).toBeInTheDocument();
  });
});
