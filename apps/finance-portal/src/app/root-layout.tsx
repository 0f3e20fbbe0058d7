import { ToastHost } from '@lender/ui/components/toast';
import { Outlet } from 'react-router';

/** The root shell: the routed screen and the toasts the API error table raises (spec §8). */
export function RootLayout() {
  return (
    <>
      <Outlet />
      <ToastHost />
    </>
  );
}
