import { mountApp } from '@lender/ui/mount-app';
import { rewritePathToHash } from './app/hash-url';
import { AppProviders } from './app/providers';
import { routes } from './app/routes';
import { startLayout } from './lib/layout';

// Before the router starts: /loan/purpose?x becomes /#/loan/purpose?x (spec §2).
rewritePathToHash();
// Every navigation starts at the top of the page (spec §2); the browser must not restore positions itself.
window.history.scrollRestoration = 'manual';
// The root font size and the platform markers, before the first paint (spec §3, §9).
startLayout();

mountApp({ routes, Providers: AppProviders });
