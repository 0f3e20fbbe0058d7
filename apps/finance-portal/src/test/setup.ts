import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// CI has 2 cores shared by every package's tests: give screens that load their code on demand time to appear,
// and give a test that waits for a few of them more than the default 5 s in all.
configure({ asyncUtilTimeout: 5_000 });
vi.setConfig({ testTimeout: 15_000 });

// jsdom does not lay pages out: the error summary's links scroll a field's label into view.
if (!Reflect.has(Element.prototype, 'scrollIntoView')) {
  Element.prototype.scrollIntoView = () => undefined;
}

afterEach(() => {
  cleanup();
});
