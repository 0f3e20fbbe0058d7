import { Outlet } from 'react-router';

/** The root shell: the routed screen. (The scroll arrow and the popups of spec §2 come later.) */
export function RootLayout() {
  return <Outlet />;
}
