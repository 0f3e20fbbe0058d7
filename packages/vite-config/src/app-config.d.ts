import type { ViteUserConfig } from 'vitest/config';

export interface AppConfigOptions {
  /** The path the BFF serves the app under: `/` for the borrower app, `/finance-portal/` for the portal. */
  base: string;
}

/** Where `pnpm dev` proxies API calls: `LENDER_BFF_URL`, or the BFF `make run` starts. */
export declare function bffUrl(env?: NodeJS.ProcessEnv): string;

/** The Vite (and Vitest) configuration every app builds and tests with; the app passes its `base`. */
export declare function defineAppConfig(options: AppConfigOptions): ViteUserConfig;

/**
 * Writes a Brotli sibling (`name.br`) of every compressible file of at least 512 bytes under `dir` where it
 * is smaller; returns the files written. The build runs it over `dist/`.
 */
export declare function precompressBrotli(dir: string): string[];
