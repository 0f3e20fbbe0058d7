import { describe, expect, it } from 'vitest';
import { rankOf } from './amount-guard';
import { ONE_PAGE_STEPS, stepPaths } from './one-page-journey';
import { allPages } from './pages/all-pages';
import { pages, paths, redirects, routeGroupPaths } from './paths';
import type { PagePath } from './paths';

/** Every path `paths` names, however deep. */
function allPaths(tree: object): string[] {
  return Object.values(tree).flatMap((value: unknown) =>
    typeof value === 'string' ? [value] : allPaths(value as object),
  );
}

/** The paths that only lead elsewhere: they have no page. */
const REDIRECTS: readonly string[] = [paths.root, paths.amount.start, paths.idverify.root, paths.legacy.loan, paths.paying.pay];

describe('pages', () => {
  it('declares every path but the redirects, once, in the entry’s table or in the one of its route group', () => {
    const named = allPaths(paths);
    expect(new Set(named).size).toBe(named.length);
    expect(Object.keys(redirects).sort()).toEqual([...REDIRECTS].sort());
    const grouped: string[] = Object.values(routeGroupPaths).flat();
    expect(new Set(grouped).size).toBe(grouped.length);
    expect([...Object.keys(pages), ...grouped].sort()).toEqual(named.filter((path) => !REDIRECTS.includes(path)).sort());
    expect(Object.keys(allPages).sort()).toEqual(named.filter((path) => !REDIRECTS.includes(path)).sort());
  });

  it('titles every page but the first, whose heading is the brand', () => {
    const untitled = Object.entries(allPages).filter(([, page]) => page.title === undefined);
    expect(untitled.map(([path]) => path)).toEqual([paths.login.home]);
  });

  it('guards every step of the one-page journey with its own step', () => {
    for (const step of ONE_PAGE_STEPS) {
      expect(allPages[stepPaths[step] as PagePath].guard).toEqual({ kind: 'onePage', step });
    }
    const journeyPages = Object.values(allPages).filter((page) => page.guard?.kind === 'onePage');
    expect(journeyPages).toHaveLength(ONE_PAGE_STEPS.length);
  });

  it('guards every /amount step after the quote with the order of the steps, and nothing else', () => {
    const ordered = (path: string) =>
      path !== paths.amount.amountDefault && path !== paths.amount.loanCalculation && rankOf(path, 0) !== undefined;
    for (const [path, page] of Object.entries(allPages)) {
      expect(page.guard?.kind === 'amount', path).toBe(ordered(path));
    }
  });
});
