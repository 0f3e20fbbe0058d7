import { StrictMode } from 'react';
import type { ComponentType, ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { createHashRouter, RouterProvider } from 'react-router';
import type { PatchRoutesOnNavigationFunction, RouteObject } from 'react-router';

export interface MountAppOptions {
  /** The app's route table. */
  routes: RouteObject[];
  /** Adds the routes of a group the table leaves out when a path of it is opened (react-router's route discovery). */
  discoverRoutes?: PatchRoutesOnNavigationFunction;
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
export function mountApp({ routes, discoverRoutes, Providers }: MountAppOptions): MountedApp {
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');

  const router = createHashRouter(routes, { patchRoutesOnNavigation: discoverRoutes });
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
