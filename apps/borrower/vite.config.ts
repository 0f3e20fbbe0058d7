import { defineAppConfig } from '@lender/vite-config';
import { mergeConfig } from 'vite';

/**
 * What every screen needs besides React itself: the router, the API client (with its error table and
 * stores) and MUI's button and box. The lazy screens share these with the first screen, so automatic
 * chunking would split them into five small common chunks; on a phone's HTTP/1.1 connection limit those
 * extra requests queued behind each other and cost the first screen about 0.3 s of LCP in the mobile
 * Lighthouse run (DESIGN §9). One `shell` chunk keeps the first screen at three requests, with the same
 * bytes. Dependencies of what matches come along, so only the roots need naming.
 */
const SHELL_ROOTS = [
  /node_modules[\\/]\.pnpm[\\/](react-router|openapi-fetch|zustand)[@+]/,
  /@mui[\\/]material[\\/](esm[\\/])?(Button|ButtonBase|Box)[\\/]/,
  /apps[\\/]borrower[\\/]src[\\/]lib[\\/]api\.ts$/,
  // Every page frame reads the brand through it, the question kit's lazy chunk too: one more root keeps it
  // out of a chunk of its own.
  /apps[\\/]borrower[\\/]src[\\/]lib[\\/]brand-store\.ts$/,
];

/**
 * The server-data layer (docs/decisions/server-data-layer.md): the query library and the typed calls of src/api,
 * which the lazy screens share. One `server-data` chunk, loaded with the first screen that reads the BFF, rather
 * than a chunk per area: each extra chunk is another name in every lazy route's preload list, which the first
 * screen's entry carries. The few calls the first screen makes itself (brand, session, service switch, sandbox switch,
 * loan product) and the session-change signal stay out, so that nothing pulls this chunk into the first screen.
 */
const SERVER_DATA = [
  /node_modules[\\/]\.pnpm[\\/]@tanstack\+(react-query|query-core)@/,
  /apps[\\/]borrower[\\/]src[\\/]api[\\/](?!(brand|service|session|session-change|sandbox|loan-product)\.ts$)[^\\/]+\.ts$/,
];

/**
 * What the loan account's screens share: their frame, the chosen loan and the loan rules, the data table, the link
 * to a PDF and the columns of a list of postings. One `loan-account` chunk, loaded with the first loan screen, for
 * the reason above: every chunk of its own would be one more name in the preload lists the first screen carries.
 */
const LOAN_ACCOUNT = [
  /apps[\\/]borrower[\\/]src[\\/]components[\\/](loan-screen|pdf-view-link)\.tsx$/,
  /apps[\\/]borrower[\\/]src[\\/]lib[\\/](chosen-loan|loan-account)\.ts$/,
  /apps[\\/]borrower[\\/]src[\\/]features[\\/]loan-account[\\/]transaction-columns\.ts$/,
  /packages[\\/]ui[\\/]src[\\/]components[\\/]data-table\.tsx$/,
];

// The BFF serves the borrower app at the root of the site.
export default mergeConfig(defineAppConfig({ base: '/' }), {
  build: {
    rolldownOptions: {
      output: {
        advancedChunks: {
          groups: [
            { name: 'shell', test: (id: string) => SHELL_ROOTS.some((root) => root.test(id)) },
            // Only what matches: its dependencies (React, the client) belong to the first screen's chunks.
            {
              name: 'server-data',
              test: (id: string) => SERVER_DATA.some((root) => root.test(id)),
              includeDependenciesRecursively: false,
            },
            {
              name: 'loan-account',
              test: (id: string) => LOAN_ACCOUNT.some((root) => root.test(id)),
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
});
