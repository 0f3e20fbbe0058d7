import { defineAppConfig } from '@lender/vite-config';

// The BFF serves the borrower app at the root of the site.
export default defineAppConfig({ base: '/' });
