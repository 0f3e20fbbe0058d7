/**
 * Prints the final table of scripts/bench.sh: every budget row the steps wrote to the summary file
 * (tab-separated: measure, figure, budget, verdict), then the steps that could not measure.
 *
 * Usage: node --import ./bench/register.js bench/summary.ts <summary.tsv> [step that failed]...
 */
import { existsSync, readFileSync } from 'node:fs';
import { runMain, say, table } from './report';

function main(): void {
  const [file, ...failed] = process.argv.slice(2);
  if (!file) throw new Error('usage: summary.ts <summary.tsv> [failed step]...');
  const rows = existsSync(file)
    ? readFileSync(file, 'utf8')
        .split('\n')
        .filter((line) => line.trim() !== '')
        .map((line) => line.split('\t'))
    : [];
  for (const line of table([['measure', 'figure', 'budget', 'verdict'], ...rows], [1])) say(line);
  const over = rows.filter((row) => row[3] === 'OVER BUDGET').length;
  say();
  say(`${rows.length} figures, ${over} over budget${failed.length > 0 ? `; could not measure: ${failed.join(', ')}` : ''}`);
}

runMain(main);
