import { describe, expect, it } from 'vitest';
import { bffUrl, defineAppConfig } from './app-config';

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
