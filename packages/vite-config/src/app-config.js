// Plain JavaScript on purpose: Vite and Vitest load an app's vite.config.ts with Node 20, which imports this
// package as it is and cannot run TypeScript. app-config.d.ts carries the types; `tsc` checks this file.
import process from 'node:process';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/**
 * Where `pnpm dev` proxies API calls: a running BFF (`make run` prints its address).
 * @param {NodeJS.ProcessEnv} [env]
 * @returns {string}
 */
export function bffUrl(env = process.env) {
  return env.LENDER_BFF_URL ?? 'http://127.0.0.1:8080';
}

/**
 * The Vite (and Vitest) configuration every app of the workspace builds and tests with. An app's
 * vite.config.ts passes what differs: where the BFF serves it.
 * @param {import('./app-config').AppConfigOptions} options
 * @returns {import('vitest/config').ViteUserConfig}
 */
export function defineAppConfig({ base }) {
  return defineConfig({
    base,
    plugins: [react()],
    build: {
      outDir: 'dist',
      assetsDir: 'assets',
      // Hashed file names only; no inline scripts (the BFF's CSP is `script-src 'self'`).
      assetsInlineLimit: 0,
      modulePreload: { polyfill: false },
      // dist/.vite/manifest.json: which chunks each entry and route loads (make bench reads it).
      manifest: true,
    },
    server: {
      proxy: { '/api': { target: bffUrl(), changeOrigin: false } },
    },
    test: {
      environment: 'jsdom',
      setupFiles: ['./src/test/setup.ts'],
      include: ['src/**/*.test.{ts,tsx}'],
    },
  });
}
