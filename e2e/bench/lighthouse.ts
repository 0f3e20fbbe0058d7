/**
 * Lighthouse on the borrower app's first screen (DESIGN §9): 5 runs of Lighthouse's default config
 * (the mobile preset: mobile emulation and simulated throttling), performance category only, against
 * /#/login/home served by the real BFF, each run in a fresh Debian Chromium (CHROME_PATH) with a new
 * user-data-dir. Prints the median and the raw values of LCP, CLS and TBT; budgets LCP ≤ 2.0 s,
 * CLS ≤ 0.02 (TBT has no budget yet).
 *
 * The stack (Redis, sandbox, BFF serving both built apps) is started by the e2e global setup and the code a
 * journey worker starts its own with, so the bench serves the app exactly as the journeys do. Nothing leaves the machine: Lighthouse's error
 * reporting (Sentry) is only ever started by its CLI, never by the Node API used here; Chromium runs with the background-networking flags of DESIGN §10 on top of
 * chrome-launcher's defaults, and every request the page made is checked to be to the BFF.
 *
 * Usage: node --import ./bench/register.js bench/lighthouse.ts (after building bin/ and both apps)
 * Writes each run's report to <BENCH_OUT_DIR>/lighthouse-<n>.json and the budget rows to BENCH_SUMMARY.
 */
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import lighthouse from 'lighthouse';
import type { Flags, Result } from 'lighthouse';
import globalSetup from '../global-setup';
import { logDir, startAppStack } from '../stack/app-stack';
import { ensureOutDir, recordRows, repoRoot, runMain, say, table, verdict } from './report';

const RUNS = 5;
const PAGE = '/#/login/home';
const LCP_BUDGET_MS = 2_000;
const CLS_BUDGET = 0.02;
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
/** DESIGN §10: the flags of every headless Chromium launch. */
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** The part of chrome-launcher (the version Lighthouse depends on) the bench uses. */
interface ChromeLauncher {
  launch(options: {
    chromePath: string;
    chromeFlags: string[];
    userDataDir: string;
    logLevel: 'error';
    handleSIGINT: boolean;
  }): Promise<{ port: number; process: ChildProcess; kill(): void }>;
}

/**
 * chrome-launcher as Lighthouse itself resolves it: it is Lighthouse's dependency, and pnpm does not
 * expose it to the e2e package, so it is loaded from Lighthouse's own location (same version, no
 * second dependency to keep in step).
 */
async function loadChromeLauncher(): Promise<ChromeLauncher> {
  const fromLighthouse = createRequire(import.meta.resolve('lighthouse'));
  return (await import(pathToFileURL(fromLighthouse.resolve('chrome-launcher')).href)) as ChromeLauncher;
}

interface Metrics {
  lcpMs: number;
  cls: number;
  tbtMs: number;
}

function metric(lhr: Result, audit: string): number {
  const value = lhr.audits[audit]?.numericValue;
  if (typeof value !== 'number') {
    const reason = lhr.audits[audit]?.errorMessage ?? 'no value';
    throw new Error(`Lighthouse measured no ${audit}: ${reason}`);
  }
  return value;
}

/** The URLs of the requests the page made, from the network-requests audit. */
function requestedUrls(lhr: Result): { url: string; resourceType: string }[] {
  const details = lhr.audits['network-requests']?.details;
  if (details?.type !== 'table') throw new Error('the Lighthouse report has no network-requests table');
  return details.items.map((item) => ({
    url: typeof item.url === 'string' ? item.url : '',
    resourceType: typeof item.resourceType === 'string' ? item.resourceType : '',
  }));
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] ?? NaN) : ((sorted[middle - 1] ?? NaN) + (sorted[middle] ?? NaN)) / 2;
}

/** Compares the scripts the browser loaded with the first-screen chunks the bundle step counted. */
function checkFirstScreenScripts(lhr: Result, origin: string, outDir: string): string {
  const bundleFile = join(outDir, 'bundle.json');
  if (!existsSync(bundleFile)) return 'no bundle.json from the bundle step to compare with';
  const counted = new Set((JSON.parse(readFileSync(bundleFile, 'utf8')) as { firstScreen: string[] }).firstScreen);
  const loaded = new Set(
    requestedUrls(lhr)
      .filter((request) => request.resourceType === 'Script' && request.url.startsWith(`${origin}/`))
      .map((request) => new URL(request.url).pathname.replace(/^\/+/, '')),
  );
  const notCounted = [...loaded].filter((file) => !counted.has(file));
  const notLoaded = [...counted].filter((file) => !loaded.has(file));
  if (notCounted.length === 0 && notLoaded.length === 0) {
    return `the ${loaded.size} script(s) the browser loaded are the first-screen chunks the bundle figure counts`;
  }
  return [
    'WARNING: the first-screen bundle figure does not match what the browser loaded',
    ...notCounted.map((file) => `  loaded but not counted: ${file}`),
    ...notLoaded.map((file) => `  counted but not loaded: ${file}`),
  ].join('\n');
}

/** Runs Lighthouse RUNS times on PAGE of the BFF at `baseURL`, prints the figures and records the budget rows. */
async function measure(baseURL: string, launcher: ChromeLauncher, outDir: string): Promise<void> {
  const origin = new URL(baseURL).origin;
  const url = `${origin}${PAGE}`;
  const flags: Flags = {
    logLevel: 'error',
    output: 'json',
    onlyCategories: ['performance'],
  };

  // Simulated throttling scales the CPU time Chromium really spent: a busy host inflates TBT and LCP.
  const loadBefore = loadavg()[0] ?? NaN;
  const runs: Metrics[] = [];
  let first: Result | undefined;
  const warnings = new Set<string>();
  for (let run = 1; run <= RUNS; run++) {
    const userDataDir = mkdtempSync(join(tmpdir(), 'lender-bench-chromium-'));
    let chrome: Awaited<ReturnType<ChromeLauncher['launch']>> | undefined;
    try {
      chrome = await launcher.launch({
        chromePath: CHROME_PATH,
        chromeFlags: CHROME_FLAGS,
        userDataDir,
        logLevel: 'error',
        handleSIGINT: true,
      });
      const result = await lighthouse(url, { ...flags, port: chrome.port });
      if (!result) throw new Error(`Lighthouse run ${run} returned no result`);
      const lhr = result.lhr;
      if (lhr.runtimeError) throw new Error(`Lighthouse run ${run}: ${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
      writeFileSync(join(outDir, `lighthouse-${run}.json`), typeof result.report === 'string' ? result.report : JSON.stringify(lhr));
      const offOrigin = requestedUrls(lhr).filter((request) => !request.url.startsWith(`${origin}/`) && !/^(data|blob):/.test(request.url));
      if (offOrigin.length > 0) {
        throw new Error(`run ${run}: the page requested other origins: ${offOrigin.map((request) => request.url).join(', ')}`);
      }
      const metrics = {
        lcpMs: metric(lhr, 'largest-contentful-paint'),
        cls: metric(lhr, 'cumulative-layout-shift'),
        tbtMs: metric(lhr, 'total-blocking-time'),
      };
      runs.push(metrics);
      first ??= lhr;
      for (const warning of lhr.runWarnings) warnings.add(warning);
      say(`run ${run}/${RUNS}: LCP ${(metrics.lcpMs / 1000).toFixed(3)} s, CLS ${metrics.cls.toFixed(3)}, TBT ${metrics.tbtMs.toFixed(0)} ms`);
    } finally {
      if (chrome) {
        const { process: browser } = chrome;
        const exited = browser.exitCode === null && browser.signalCode === null ? new Promise((done) => browser.once('exit', done)) : undefined;
        chrome.kill();
        await exited;
      }
      rmSync(userDataDir, { recursive: true, force: true });
    }
  }

  if (!first) throw new Error('no Lighthouse run completed');
  const settings = first.configSettings;
  const throttling = settings.throttling;
  say();
  say(
    `Lighthouse ${first.lighthouseVersion}, ${settings.formFactor} preset, ${settings.throttlingMethod} throttling ` +
      `(RTT ${throttling.rttMs} ms, ${throttling.throughputKbps} kbps, CPU ×${throttling.cpuSlowdownMultiplier}), ` +
      `benchmark index ${first.environment.benchmarkIndex}`,
  );
  say(first.environment.hostUserAgent);
  say(`host: ${availableParallelism()} cores, 1-minute load average ${loadBefore.toFixed(1)} before the runs, ${(loadavg()[0] ?? NaN).toFixed(1)} after`);
  say(`${url}, ${RUNS} runs, reports in ${relative(repoRoot, outDir)}/lighthouse-<n>.json`);
  say(checkFirstScreenScripts(first, origin, outDir));
  for (const warning of warnings) say(`Lighthouse warning: ${warning}`);
  say();

  const lcp = median(runs.map((run) => run.lcpMs));
  const cls = median(runs.map((run) => run.cls));
  const tbt = median(runs.map((run) => run.tbtMs));
  const lcpVerdict = verdict(lcp <= LCP_BUDGET_MS);
  const clsVerdict = verdict(cls <= CLS_BUDGET);
  const raw = (values: number[], digits: number) => values.map((value) => value.toFixed(digits)).join(', ');
  for (const line of table([
    ['metric', 'median', 'budget', 'verdict', `the ${RUNS} runs`],
    ['LCP', `${(lcp / 1000).toFixed(3)} s`, `≤ ${(LCP_BUDGET_MS / 1000).toFixed(1)} s`, lcpVerdict, `${raw(runs.map((run) => run.lcpMs / 1000), 3)} s`],
    ['CLS', cls.toFixed(3), `≤ ${CLS_BUDGET}`, clsVerdict, raw(runs.map((run) => run.cls), 3)],
    ['TBT', `${tbt.toFixed(0)} ms`, '-', 'no budget', `${raw(runs.map((run) => run.tbtMs), 0)} ms`],
  ])) {
    say(line);
  }

  recordRows([
    { measure: 'borrower /#/login/home LCP (Lighthouse mobile, median of 5)', figure: `${(lcp / 1000).toFixed(3)} s`, budget: `≤ ${(LCP_BUDGET_MS / 1000).toFixed(1)} s`, verdict: lcpVerdict },
    { measure: 'borrower /#/login/home CLS (Lighthouse mobile, median of 5)', figure: cls.toFixed(3), budget: `≤ ${CLS_BUDGET}`, verdict: clsVerdict },
    { measure: 'borrower /#/login/home TBT (Lighthouse mobile, median of 5)', figure: `${tbt.toFixed(0)} ms`, budget: '-', verdict: 'no budget' },
  ]);
}

async function main(): Promise<void> {
  if (!existsSync(CHROME_PATH)) throw new Error(`no Chromium at ${CHROME_PATH} (CHROME_PATH); the bench never downloads one`);
  const launcher = await loadChromeLauncher();
  const outDir = ensureOutDir();
  const teardown = await globalSetup();
  try {
    const redisURL = process.env.E2E_REDIS_URL;
    if (!redisURL) throw new Error('the e2e global setup published no E2E_REDIS_URL');
    const stack = await startAppStack({ redisURL, logDir: join(logDir, 'bench') });
    try {
      await measure(stack.baseURL, launcher, outDir);
    } finally {
      await stack.stop();
    }
  } finally {
    await teardown();
  }
}

runMain(main);
