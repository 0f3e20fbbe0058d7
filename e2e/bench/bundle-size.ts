/**
 * The borrower app's bundle budgets (DESIGN §9), from a production build in apps/borrower/dist:
 *
 * - first screen (/login/home): the entry chunk, every chunk it imports statically (transitively), the
 *   modulepreloads of index.html, and the lazy chunk of the /login/home screen when that screen is lazy,
 *   gzipped: at most 180 kB, and no more than before the loan account's screens (168.43 kB): a new area of
 *   screens adds nothing to it (docs/decisions/route-groups.md);
 * - every other lazy chunk (a dynamic `import()` target, i.e. a route loaded on demand), gzipped: at
 *   most 50 kB each.
 *
 * The chunk graph comes from Vite's manifest (dist/.vite/manifest.json) when the build writes one
 * (`build.manifest: true`), otherwise from dist/index.html and the import statements of the built
 * chunks, parsed with TypeScript's parser. Sizes are Node zlib gzip at level 9; 1 kB = 1,000 bytes.
 *
 * Usage: node --import ./bench/register.js bench/bundle-size.ts [dist dir, default apps/borrower/dist]
 * Writes <BENCH_OUT_DIR>/bundle.json (the first-screen file list, which the Lighthouse step compares
 * with what the browser loaded) and adds the budget rows to BENCH_SUMMARY.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { posix, relative, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import ts from 'typescript';
import { ensureOutDir, kB, recordRows, repoRoot, runMain, say, table, verdict } from './report';
import type { BudgetRow } from './report';

const FIRST_SCREEN_BUDGET = 180_000;
/**
 * The first screen's size before the loan account's screens were added, measured the same way. Each new area
 * (the loan account, paying, changes to the loan, borrowing more) is a route group loaded on navigation, so the
 * first screen does not grow with it.
 */
const FIRST_SCREEN_CEILING = 168_430;
const LAZY_CHUNK_BUDGET = 50_000;
const GZIP_LEVEL = 9;
/**
 * How the /login/home screen's module is named (matched against the manifest's `src` or the chunk's
 * file name), to count its chunk in the first screen if it ever becomes lazy.
 */
const FIRST_SCREEN_MODULE = process.env.BENCH_FIRST_SCREEN_MODULE ?? 'login-home-screen';

/** A built JS chunk: its path inside dist/ (`assets/index-abc.js`) and what it imports. */
interface Chunk {
  file: string;
  /** The source module when the manifest says it, else the file. */
  label: string;
  /** The chunk's name without its hash (`not-found-screen`). */
  name: string;
  imports: string[];
  dynamicImports: string[];
}

interface ChunkGraph {
  from: string;
  /** The chunks index.html loads: its module scripts and modulepreloads. */
  roots: string[];
  chunk(file: string): Chunk;
}

interface ManifestEntry {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

function graphFromManifest(distDir: string, manifestPath: string): ChunkGraph {
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestEntry>;
  const byFile = new Map<string, Chunk>();
  const fileOf = (key: string) => {
    const entry = manifest[key];
    if (!entry) throw new Error(`${manifestPath}: "${key}" is imported but has no entry`);
    return entry.file;
  };
  for (const entry of Object.values(manifest)) {
    if (!entry.file.endsWith('.js')) continue;
    byFile.set(entry.file, {
      file: entry.file,
      label: entry.src ?? entry.file,
      name: entry.name ?? chunkName(entry.file),
      imports: (entry.imports ?? []).map(fileOf),
      dynamicImports: (entry.dynamicImports ?? []).map(fileOf),
    });
  }
  const roots = Object.values(manifest)
    .filter((entry) => entry.isEntry && entry.file.endsWith('.js'))
    .map((entry) => entry.file);
  if (roots.length === 0) throw new Error(`${manifestPath} has no entry chunk`);
  return {
    from: relative(repoRoot, manifestPath),
    roots,
    chunk(file) {
      const chunk = byFile.get(file);
      if (!chunk) throw new Error(`${manifestPath} has no chunk ${file}`);
      if (!existsSync(resolve(distDir, file))) throw new Error(`${file} is in the manifest but not in ${distDir}`);
      return chunk;
    },
  };
}

/** `assets/not-found-screen-CinXHyvU.js` → `not-found-screen` (Vite's default `[name]-[hash].js`). */
function chunkName(file: string): string {
  return posix.basename(file).replace(/(-[\w-]{8})?\.js$/, '');
}

/** The attributes of every `<tag ...>` in the HTML, as name → value (no value: ''). */
function tags(html: string, tag: string): Map<string, string>[] {
  const found: Map<string, string>[] = [];
  for (const match of html.matchAll(new RegExp(`<${tag}\\b([^>]*)>`, 'gi'))) {
    const attributes = new Map<string, string>();
    for (const attr of (match[1] ?? '').matchAll(/([^\s=/]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g)) {
      attributes.set((attr[1] ?? '').toLowerCase(), attr[2] ?? attr[3] ?? attr[4] ?? '');
    }
    found.push(attributes);
  }
  return found;
}

/** A URL of index.html (served from the app's base `/`) as a path inside dist/. */
function distPathOfUrl(url: string): string {
  if (/^[a-z][a-z0-9+.-]*:/i.test(url) || url.startsWith('//')) {
    throw new Error(`index.html loads ${url} from another origin; the bench only measures the app's own chunks`);
  }
  return posix.normalize(url.replace(/^\/+/, ''));
}

/** The static and dynamic imports of a built ES module, found by TypeScript's parser. */
function importsOf(file: string, code: string): { imports: string[]; dynamicImports: string[]; computed: number } {
  const source = ts.createSourceFile(file, code, ts.ScriptTarget.Latest, false, ts.ScriptKind.JS);
  const resolveSpecifier = (specifier: string) => {
    if (specifier.startsWith('.')) return posix.normalize(posix.join(posix.dirname(file), specifier));
    if (specifier.startsWith('/')) return distPathOfUrl(specifier);
    throw new Error(`${file} imports the bare specifier "${specifier}"; a production chunk should not`);
  };
  const imports: string[] = [];
  const dynamicImports: string[] = [];
  let computed = 0;
  for (const statement of source.statements) {
    if (
      (ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) &&
      statement.moduleSpecifier &&
      ts.isStringLiteral(statement.moduleSpecifier)
    ) {
      imports.push(resolveSpecifier(statement.moduleSpecifier.text));
    }
  }
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [argument] = node.arguments;
      if (argument && (ts.isStringLiteral(argument) || ts.isNoSubstitutionTemplateLiteral(argument))) {
        dynamicImports.push(resolveSpecifier(argument.text));
      } else {
        computed += 1;
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return { imports, dynamicImports, computed };
}

function graphFromAnalysis(distDir: string): ChunkGraph {
  const html = readFileSync(resolve(distDir, 'index.html'), 'utf8');
  const scripts = tags(html, 'script')
    .filter((attributes) => attributes.get('type') === 'module' && attributes.get('src'))
    .map((attributes) => distPathOfUrl(attributes.get('src') ?? ''));
  const preloads = tags(html, 'link')
    .filter((attributes) => attributes.get('rel')?.split(/\s+/).includes('modulepreload') && attributes.get('href'))
    .map((attributes) => distPathOfUrl(attributes.get('href') ?? ''));
  if (scripts.length === 0) throw new Error(`${distDir}/index.html has no <script type="module" src>`);
  const parsed = new Map<string, Chunk>();
  let computed = 0;
  return {
    get from() {
      const note = computed > 0 ? `; ${computed} import() with a computed specifier ignored` : '';
      return `${relative(repoRoot, distDir)}/index.html and the chunks' imports (no Vite manifest${note})`;
    },
    roots: [...scripts, ...preloads],
    chunk(file) {
      let chunk = parsed.get(file);
      if (!chunk) {
        const found = importsOf(file, readFileSync(resolve(distDir, file), 'utf8'));
        computed += found.computed;
        chunk = { file, label: file, name: chunkName(file), imports: found.imports, dynamicImports: found.dynamicImports };
        parsed.set(file, chunk);
      }
      return chunk;
    },
  };
}

/** The files and every file they import statically, transitively, in discovery order. */
function staticClosure(graph: ChunkGraph, files: Iterable<string>): Set<string> {
  const seen = new Set<string>();
  const pending = [...files];
  for (let file = pending.shift(); file !== undefined; file = pending.shift()) {
    if (seen.has(file)) continue;
    seen.add(file);
    pending.push(...graph.chunk(file).imports);
  }
  return seen;
}

/** Every dynamic-import target reachable from the given chunks (through static and dynamic imports). */
function lazyChunks(graph: ChunkGraph, loaded: Set<string>): string[] {
  const lazy: string[] = [];
  const visited = new Set<string>();
  const pending = [...loaded];
  for (let file = pending.shift(); file !== undefined; file = pending.shift()) {
    if (visited.has(file)) continue;
    visited.add(file);
    const chunk = graph.chunk(file);
    pending.push(...chunk.imports);
    for (const target of chunk.dynamicImports) {
      if (!loaded.has(target) && !lazy.includes(target)) lazy.push(target);
      pending.push(target);
    }
  }
  return lazy;
}

function main(): void {
  const distDir = resolve(repoRoot, process.argv[2] ?? 'apps/borrower/dist');
  if (!existsSync(resolve(distDir, 'index.html'))) throw new Error(`${distDir}/index.html is missing: build the app first`);
  const manifestPath = resolve(distDir, '.vite', 'manifest.json');
  const graph = existsSync(manifestPath) ? graphFromManifest(distDir, manifestPath) : graphFromAnalysis(distDir);

  const sizes = new Map<string, { raw: number; gzip: number }>();
  const sizeOf = (file: string) => {
    let size = sizes.get(file);
    if (!size) {
      const bytes = readFileSync(resolve(distDir, file));
      size = { raw: bytes.length, gzip: gzipSync(bytes, { level: GZIP_LEVEL }).length };
      sizes.set(file, size);
    }
    return size;
  };
  const gzipTotal = (files: Iterable<string>) => [...files].reduce((sum, file) => sum + sizeOf(file).gzip, 0);

  const initial = staticClosure(graph, graph.roots);
  const lazy = lazyChunks(graph, initial);
  const firstScreenLazy = lazy.filter((file) => graph.chunk(file).label.includes(FIRST_SCREEN_MODULE));
  const firstScreen = staticClosure(graph, [...initial, ...firstScreenLazy]);
  const otherLazy = lazy.filter((file) => !firstScreen.has(file));
  const firstScreenTotal = gzipTotal(firstScreen);

  say(`Borrower app, production build in ${relative(repoRoot, distDir)}/ (gzip: Node zlib level ${GZIP_LEVEL}; 1 kB = 1,000 bytes)`);
  say(`chunk graph from ${graph.from}`);
  say();
  say('First screen /#/login/home: JS the browser loads before the screen renders');
  const role = (file: string) => {
    if (graph.roots.includes(file)) return graph.roots.indexOf(file) === 0 ? 'entry' : 'loaded by index.html (modulepreload)';
    if (firstScreenLazy.includes(file)) return `lazy chunk of /login/home (${FIRST_SCREEN_MODULE})`;
    return 'static import';
  };
  const firstRows = [...firstScreen].map((file) => [file, kB(sizeOf(file).raw), kB(sizeOf(file).gzip), role(file)]);
  for (const line of table(
    [['  chunk', 'raw', 'gzip', ''], ...firstRows.map(([file, ...rest]) => [`  ${file ?? ''}`, ...rest]), ['  total', '', kB(firstScreenTotal), '']],
    [1, 2],
  )) {
    say(line);
  }
  if (firstScreenLazy.length === 0) {
    say(`  (/login/home is not lazy: no lazy chunk is named after "${FIRST_SCREEN_MODULE}", so its screen is in the chunks above)`);
  }
  const firstVerdict = verdict(firstScreenTotal <= FIRST_SCREEN_BUDGET);
  say(`  budget: ${kB(firstScreenTotal)} ≤ ${kB(FIRST_SCREEN_BUDGET)}: ${firstVerdict}`);
  const growthVerdict = verdict(firstScreenTotal <= FIRST_SCREEN_CEILING);
  say(`  no growth: ${kB(firstScreenTotal)} ≤ ${kB(FIRST_SCREEN_CEILING)} (before the loan account): ${growthVerdict}`);
  say();

  const rows: BudgetRow[] = [
    {
      measure: 'borrower first screen /login/home JS (gzip)',
      figure: kB(firstScreenTotal),
      budget: `≤ ${FIRST_SCREEN_BUDGET / 1000} kB`,
      verdict: firstVerdict,
    },
    {
      measure: 'borrower first screen, growth since before the loan account (gzip)',
      figure: kB(firstScreenTotal),
      budget: `≤ ${FIRST_SCREEN_CEILING / 1000} kB`,
      verdict: growthVerdict,
    },
  ];
  say(`Lazy chunks (routes loaded on demand), each ≤ ${kB(LAZY_CHUNK_BUDGET)} gzipped`);
  if (otherLazy.length === 0) say('  (none)');
  const lazyRows: string[][] = [['  chunk', 'raw', 'gzip', 'verdict', 'also loads (not in the first screen)']];
  for (const file of otherLazy) {
    const { raw, gzip } = sizeOf(file);
    const extra = [...staticClosure(graph, [file])].filter((other) => other !== file && !firstScreen.has(other));
    const lazyVerdict = verdict(gzip <= LAZY_CHUNK_BUDGET);
    const label = graph.chunk(file).label;
    lazyRows.push([
      `  ${label === file ? file : `${file} (${label})`}`,
      kB(raw),
      kB(gzip),
      lazyVerdict,
      extra.length === 0 ? '-' : `${extra.length} shared chunk(s), ${kB(gzipTotal(extra))} gzip`,
    ]);
    rows.push({
      measure: `borrower lazy chunk ${graph.chunk(file).name} (gzip)`,
      figure: kB(gzip),
      budget: `≤ ${LAZY_CHUNK_BUDGET / 1000} kB`,
      verdict: lazyVerdict,
    });
  }
  if (otherLazy.length > 0) for (const line of table(lazyRows, [1, 2])) say(line);

  writeFileSync(
    resolve(ensureOutDir(), 'bundle.json'),
    `${JSON.stringify({ firstScreen: [...firstScreen], lazy: otherLazy, firstScreenGzip: firstScreenTotal }, null, 2)}\n`,
  );
  recordRows(rows);
}

runMain(main);
