// Leaving for another site (a bank's consent page, the payment provider's checkout), recorded, for the screens'
// tests (imported from *.test.tsx files only).
import { afterEach, beforeEach, vi } from 'vitest';
import type { Mock } from 'vitest';

/**
 * Records every `location.assign` of the file's tests: call it once at the top. jsdom's location can be neither
 * spied on nor proxied (its members are unforgeable): the page sees a copy of its values whose assign is recorded.
 */
export function recordLeaving(): Mock<(url: string) => void> {
  const assign = vi.fn<(url: string) => void>();
  beforeEach(() => {
    assign.mockReset();
    vi.stubGlobal('location', { ...Object.fromEntries(Object.entries(window.location)), assign });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });
  return assign;
}
