import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// CI has 2 cores shared by every package's tests: give screens that load their code on demand time to appear.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
});
