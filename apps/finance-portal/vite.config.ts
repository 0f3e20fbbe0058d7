import { defineAppConfig } from '@lender/vite-config';

// The BFF serves the finance portal under /finance-portal/.
export default defineAppConfig({ base: '/finance-portal/' });
