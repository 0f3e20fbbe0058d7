import { appendFileSync, mkdirSync } from 'node:fs';
import { resolve } from 'node:path';

/** What scripts/bench.sh passes down: where the figures and the summary rows go. */
export const repoRoot = resolve(import.meta.dirname, '..', '..');
export const outDir = resolve(process.env.BENCH_OUT_DIR ?? resolve(repoRoot, 'e2e', 'artifacts', 'bench'));

/** One line of the final summary: a measured figure against its budget. */
export interface BudgetRow {
  measure: string;
  figure: string;
  /** `≤ 180 kB`, or `-` when the figure has no budget yet. */
  budget: string;
  verdict: 'within budget' | 'OVER BUDGET' | 'no budget';
}

export function verdict(withinBudget: boolean): BudgetRow['verdict'] {
  return withinBudget ? 'within budget' : 'OVER BUDGET';
}

/**
 * Adds rows to the summary file scripts/bench.sh prints at the end (BENCH_SUMMARY, tab-separated:
 * measure, figure, budget, verdict). Without BENCH_SUMMARY the rows are only printed by the caller.
 */
export function recordRows(rows: readonly BudgetRow[]): void {
  const file = process.env.BENCH_SUMMARY;
  if (!file) return;
  const clean = (text: string) => text.replace(/[\t\n]/g, ' ');
  appendFileSync(file, rows.map((row) => [row.measure, row.figure, row.budget, row.verdict].map(clean).join('\t') + '\n').join(''));
}

export function ensureOutDir(): string {
  mkdirSync(outDir, { recursive: true });
  return outDir;
}

/** Writes a line to stdout (the lint rules keep console.log out of the code). */
export function say(line = ''): void {
  process.stdout.write(`${line}\n`);
}

/** kB as Vite and the budgets count them: 1 kB = 1,000 bytes. */
export function kB(bytes: number): string {
  return `${(bytes / 1000).toFixed(2)} kB`;
}

/** Left-aligned columns for a small table (the first row is the header). */
export function table(rows: readonly (readonly string[])[], rightAligned: readonly number[] = []): string[] {
  const widths: number[] = [];
  for (const row of rows) row.forEach((cell, i) => (widths[i] = Math.max(widths[i] ?? 0, cell.length)));
  return rows.map((row) =>
    row
      .map((cell, i) => (rightAligned.includes(i) ? cell.padStart(widths[i] ?? 0) : cell.padEnd(widths[i] ?? 0)))
      .join('  ')
      .trimEnd(),
  );
}

/** Runs a bench script's main function: prints the error and exits 1 when it could not measure. */
export function runMain(main: () => Promise<void> | void): void {
  Promise.resolve().then(main).then(
    () => {
      process.exitCode = 0;
    },
    (error: unknown) => {
      console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
      process.exitCode = 1;
    },
  );
}
