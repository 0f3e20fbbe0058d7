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

// The BFF serves the borrower app at the root of the site.
export default mergeConfig(defineAppConfig({ base: '/' }), {
  build: {
    rolldownOptions: {
      output: {
        advancedChunks: {
          groups: [{ name: 'shell', test: (id: string) => SHELL_ROOTS.some((root) => root.test(id)) }],
        },
      },
    },
  },
});
