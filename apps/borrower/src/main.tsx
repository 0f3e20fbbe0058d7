import { mountApp } from '@lender/ui/mount-app';
import { rewritePathToHash } from './app/hash-url';
import { AppProviders } from './app/providers';
import { discoverRoutes } from './app/route-groups';
import { routes } from './app/routes';
import { startLayout } from './lib/layout';
import { startTelemetry } from './lib/telemetry/telemetry';

// Before the router starts: /loan/purpose?x becomes /#/loan/purpose?x (spec §2).
rewritePathToHash();
// Every navigation starts at the top of the page (spec §2); the browser must not restore positions itself.
window.history.scrollRestoration = 'manual';
// The root font size and the platform markers, before the first paint (spec §3, §9).
startLayout();

mountApp({ routes, discoverRoutes, Providers: AppProviders });
// An active person's session token is renewed before it runs out (issue 5 §3). Nothing on the first paint needs it,
// so its code loads after the first screen's.
void import('./lib/keep-alive').then(({ startKeepAlive }) => {
  startKeepAlive();
});
// Error reporting and analytics load in their own chunks once the first screen has painted (DESIGN §9).
void startTelemetry();
