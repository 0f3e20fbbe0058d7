import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { queryClient } from '../api/query-client';

// CI has 2 cores shared by every package's tests: give screens that load their code on demand time to appear,
// and a route test that loads several of them (the overlay brings MUI's Dialog and DOMPurify) time to finish.
configure({ asyncUtilTimeout: 5_000 });
vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  cleanup();
  // Each test starts with nothing read from the BFF, as a fresh page does.
  queryClient.clear();
});

// jsdom lays nothing out, so it has no scrolling: the error summary brings a field's label into view with it.
if (!Reflect.has(Element.prototype, 'scrollIntoView')) {
  Element.prototype.scrollIntoView = () => undefined;
}
