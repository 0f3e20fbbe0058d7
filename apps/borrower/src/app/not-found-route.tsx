import { NotFoundScreen } from '@lender/ui/screens/not-found';
import { AppFooter } from '../components/app-footer';
import { paths } from '../lib/paths';

/** Any path the app does not know (spec §2): loaded on demand, in its own chunk. */
export function NotFoundRoute() {
  return (
    <>
      <NotFoundScreen backTo={paths.root} />
      <AppFooter />
    </>
  );
}
