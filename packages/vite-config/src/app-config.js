// Plain JavaScript on purpose: Vite and Vitest load an app's vite.config.ts with Node 20, which imports this
// package as it is and cannot run TypeScript. app-config.d.ts carries the types; `tsc` checks this file.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import process from 'node:process';
import { brotliCompressSync, constants as zlib } from 'node:zlib';
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

/** What is worth compressing: text files of at least 512 bytes (smaller ones gain nothing). */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt)$/;
const MIN_COMPRESS_BYTES = 512;

/**
 * Writes a Brotli-compressed sibling (`name.br`, quality 11) of every compressible file under `dir`
 * where it is smaller than the file. The BFF sends it to browsers that accept `br` (precompressed when
 * available, DESIGN §4): about 13% less JavaScript than gzip on the first screen, which a phone on a
 * slow network feels as a faster first paint.
 * @param {string} dir
 * @returns {string[]} the files written
 */
export function precompressBrotli(dir) {
  /** @type {string[]} */
  const written = [];
  for (const name of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    const file = path.join(dir, name);
    if (!COMPRESSIBLE.test(name) || !statSync(file).isFile()) continue;
    const body = readFileSync(file);
    if (body.length < MIN_COMPRESS_BYTES) continue;
    const compressed = brotliCompressSync(body, {
      params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length },
    });
    if (compressed.length >= body.length) continue;
    writeFileSync(`${file}.br`, compressed);
    written.push(`${file}.br`);
  }
  return written;
}

/**
 * The Vite plugin that runs precompressBrotli over the build output once it is written.
 * @returns {import('vite').Plugin}
 */
function brotliSiblings() {
  return {
    name: 'lender:brotli-siblings',
    apply: 'build',
    writeBundle(options) {
      if (options.dir) precompressBrotli(options.dir);
    },
  };
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
    plugins: [react(), brotliSiblings()],
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
