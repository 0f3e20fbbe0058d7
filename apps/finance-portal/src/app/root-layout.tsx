import { Outlet } from 'react-router';

/** The root shell: the routed screen. */
export function RootLayout() {
  return <Outlet />;
}
