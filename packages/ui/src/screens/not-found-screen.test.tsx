import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { NotFoundScreen } from './not-found-screen';

function renderNotFound(backTo: string) {
  const router = createMemoryRouter(
    [
      { path: backTo, element: <p>The start</p> },
      { path: '*', element: <NotFoundScreen backTo={backTo} /> },
    ],
    { initialEntries: ['/no/such/page'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('NotFoundScreen', () => {
  it('says the page was not found and its Go back link returns to /', async () => {
    const router = renderNotFound('/');

    expect(screen.getByRole('main')).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 1, name: '404 page not found...' })).toBeInTheDocument();
    const goBack = screen.getByRole('link', { name: 'Go back' });
    expect(goBack).toHaveAttribute('href', '/');

    await userEvent.click(goBack);

    expect(await screen.findByText('The start')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('goes back wherever the app says its start is', async () => {
    const router = renderNotFound('/start');

    await userEvent.click(screen.getByRole('link', { name: 'Go back' }));

    expect(await screen.findByText('The start')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/start');
  });
});
