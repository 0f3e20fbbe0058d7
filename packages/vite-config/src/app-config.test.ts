import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { bffUrl, defineAppConfig, precompressBrotli } from './app-config';

describe('defineAppConfig', () => {
  it('serves the app under its base and builds hashed files without inline scripts', () => {
    const config = defineAppConfig({ base: '/finance-portal/' });

    expect(config.base).toBe('/finance-portal/');
    expect(config.build).toMatchObject({
      outDir: 'dist',
      assetsDir: 'assets',
      assetsInlineLimit: 0,
      modulePreload: { polyfill: false },
    });
    expect(config.plugins?.flat().length).toBeGreaterThan(0);
  });

  it('proxies /api to the BFF in development', () => {
    const config = defineAppConfig({ base: '/' });

    expect(config.server?.proxy).toEqual({ '/api': { target: bffUrl(), changeOrigin: false } });
  });

  it('tests the app in jsdom with its setup file', () => {
    const config = defineAppConfig({ base: '/' });

    expect(config.test).toEqual({
      environment: 'jsdom',
      setupFiles: ['./src/test/setup.ts'],
      include: ['src/**/*.test.{ts,tsx}'],
    });
  });
});

describe('bffUrl', () => {
  it('is the local BFF unless LENDER_BFF_URL names another', () => {
    expect(bffUrl({})).toBe('http://127.0.0.1:8080');
    expect(bffUrl({ LENDER_BFF_URL: 'http://bff.test:9000' })).toBe('http://bff.test:9000');
  });
});

describe('precompressBrotli', () => {
  it('writes a smaller .br beside each compressible file, and none for small or binary files', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'dist-'));
    mkdirSync(path.join(dir, 'assets'));
    const script = `export const screen = 'login';\n${'console.log("a line that repeats");\n'.repeat(100)}`;
    writeFileSync(path.join(dir, 'assets', 'index-Ab12.js'), script);
    writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>small</title>');
    writeFileSync(path.join(dir, 'assets', 'logo-Zz99.png'), Buffer.alloc(2048, 7));

    const written = precompressBrotli(dir);

    expect(written).toEqual([path.join(dir, 'assets', 'index-Ab12.js.br')]);
    const compressed = readFileSync(written[0] ?? '');
    expect(compressed.length).toBeLessThan(script.length);
    expect(brotliDecompressSync(compressed).toString()).toBe(script);
  });
});
