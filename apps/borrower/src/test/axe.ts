// An accessibility check for the screens' tests (imported from *.test.tsx files only).
import axe from 'axe-core';

/** The WCAG 2.2 A and AA rules, as the end-to-end journeys check every screen (e2e/fixtures/test.ts). */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * The ids of the WCAG 2.2 A/AA rules the page breaks, each with the elements that break it. Colour contrast is
 * left to the theme's own check (packages/ui contrast.test.tsx) and the end-to-end runs: jsdom computes no colours.
 */
export async function wcagViolations(): Promise<[string, string[]][]> {
  const results = await axe.run(document.body, {
    runOnly: { type: 'tag', values: WCAG_TAGS },
    rules: { 'color-contrast': { enabled: false } },
  });
  return results.violations.map((violation) => [violation.id, violation.nodes.map((node) => node.html)]);
}
