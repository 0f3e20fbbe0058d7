import { StrictMode } from 'react';
import type { ComponentType, ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { createHashRouter, RouterProvider } from 'react-router';
import type { RouteObject } from 'react-router';

export interface MountAppOptions {
  /** The app's route table. */
  routes: RouteObject[];
  /** The app's providers (theme, …), rendered around the router. */
  Providers: ComponentType<{ children: ReactNode }>;
}

export interface MountedApp {
  /** The app's hash router. */
  router: ReturnType<typeof createHashRouter>;
  /** Removes the app from the page and stops its router listening to the location. */
  unmount: () => void;
}

/** Renders an app into the `#root` element of its index.html with a hash router (DESIGN §6). */
export function mountApp({ routes, Providers }: MountAppOptions): MountedApp {
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');

  const router = createHashRouter(routes);
  const root = createRoot(container);
  root.render(
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
  return {
    router,
    unmount: () => {
      root.unmount();
      router.dispose();
    },
  };
}
