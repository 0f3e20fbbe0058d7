import { act, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Link, Outlet } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { mountApp } from './mount-app';

function Providers({ children }: { children: ReactNode }) {
  return <div data-testid="providers">{children}</div>;
}

const routes = [
  {
    path: '/',
    Component: Outlet,
    children: [
      { index: true, element: <Link to="/next">Next</Link> },
      { path: '/next', element: <h1>Next screen</h1> },
    ],
  },
];

afterEach(() => {
  document.body.innerHTML = '';
  // replaceState, unlike assigning location.hash, queues no hashchange event for the next test's router.
  window.history.replaceState(null, '', '/');
});

describe('mountApp', () => {
  it('renders the routes inside the providers into #root with a hash router', async () => {
    document.body.innerHTML = '<div id="root"></div>';
    window.history.replaceState(null, '', '/#/next');

    const app = await act(() => mountApp({ routes, Providers }));

    expect(screen.getByTestId('providers')).toContainElement(
      screen.getByRole('heading', { level: 1, name: 'Next screen' }),
    );
    expect(document.getElementById('root')).toContainElement(screen.getByTestId('providers'));
    act(() => {
      app.unmount();
    });
  });

  it('keeps the route in the hash', async () => {
    document.body.innerHTML = '<div id="root"></div>';

    const app = await act(() => mountApp({ routes, Providers }));

    const next = screen.getByRole('link', { name: 'Next' });
    expect(next).toHaveAttribute('href', '#/next');
    await act(() => app.router.navigate('/next'));
    expect(window.location.hash).toBe('#/next');
    expect(screen.getByRole('heading', { level: 1, name: 'Next screen' })).toBeInTheDocument();
    act(() => {
      app.unmount();
    });
  });

  it('refuses to start without a #root element', () => {
    expect(() => mountApp({ routes, Providers })).toThrow('index.html has no #root element');
  });
});
