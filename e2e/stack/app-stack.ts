import { randomBytes } from 'node:crypto';
import { accessSync, constants, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { httpListenAddress, pollUntil, printOutputs, startProcess } from './processes';
import type { StackProcess } from './processes';
import { freePort } from './redis';

export const repoRoot = resolve(import.meta.dirname, '..', '..');
/** Where the stacks' processes write their output: Redis's here, each worker's sandbox and BFF in worker-<n>/. */
export const logDir = resolve(import.meta.dirname, '..', 'artifacts', 'logs');

const STARTUP_TIMEOUT_MS = 30_000;
const READY_TIMEOUT_MS = 60_000;

/** The path of a build output under the repository root; throws, naming `make build`, when it is missing. */
function requireBuilt(relativePath: string, executable: boolean): string {
  const path = join(repoRoot, relativePath);
  try {
    accessSync(path, executable ? constants.X_OK : constants.R_OK);
  } catch {
    throw new Error(`${relativePath} is missing: run make build first`);
  }
  return path;
}

/** What the stack runs: the Go binaries and the folders of both built apps. */
export function builtArtifacts() {
  const distOf = (app: string) => requireBuilt(`apps/${app}/dist/index.html`, false).replace(/\/index\.html$/, '');
  return {
    sandboxBin: requireBuilt('bin/sandbox', true),
    bffBin: requireBuilt('bin/bff', true),
    // The operator command the journeys switch the service off and on with (fixtures/clean-state.ts).
    bffctlBin: requireBuilt('bin/bffctl', true),
    borrowerDist: distOf('borrower'),
    portalDist: distOf('finance-portal'),
  };
}

async function isReady(baseURL: string): Promise<boolean> {
  const response = await fetch(`${baseURL}/readyz`, { signal: AbortSignal.timeout(2_000) });
  await response.body?.cancel();
  return response.status === 200;
}

/** A running sandbox and BFF, and where they keep their state. */
export interface AppStack {
  /** The BFF, serving both apps; also its public URL, the start of the links in its e-mails. */
  baseURL: string;
  /** The sandbox's base URL (its control API and hosted pages). */
  sandboxURL: string;
  /** The Redis the BFF keeps its state in, and the prefix of its keys there (no other stack shares it). */
  redisURL: string;
  redisKeyPrefix: string;
  /** Stops the BFF, then the sandbox. */
  stop(): Promise<void>;
}

/**
 * Starts the sandbox and the BFF serving both built apps, each on a port the OS chose, against `redisURL`
 * under a key prefix of their own, writing their output to `logDir`. Stacks started this way share nothing
 * but the Redis server, so several can run side by side. When a process fails to start, its output is
 * printed and what was started is stopped.
 */
export async function startAppStack({ redisURL, logDir }: { redisURL: string; logDir: string }): Promise<AppStack> {
  const { sandboxBin, bffBin, borrowerDist, portalDist } = builtArtifacts();
  mkdirSync(logDir, { recursive: true });

  const started: StackProcess[] = [];
  const stopAll = async () => {
    for (const proc of started.reverse()) await proc.stop();
  };
  const killOnExit = () => {
    for (const proc of started) if (proc.running()) proc.child.kill('SIGKILL');
  };
  process.once('exit', killOnExit);

  try {
    // The BFF's port is chosen before anything starts (not by binding port 0) because its public URL must be
    // known up front: every link in an e-mail starts with it (so a magic link leads back to the stack under
    // test), and the sandbox's hosted pages (bank consent, card checkout, identity check) send the browser
    // back only under it (SANDBOX_APP_URL). The port is free now; were it taken before the BFF binds it, the
    // BFF would fail to start, loudly, below.
    const bffPublicURL = `http://127.0.0.1:${String(await freePort())}`;
    const sandbox = startProcess({
      name: 'sandbox',
      command: sandboxBin,
      env: { ...process.env, SANDBOX_HTTP_ADDR: '127.0.0.1:0', SANDBOX_APP_URL: bffPublicURL },
      cwd: repoRoot,
      logFile: join(logDir, 'sandbox.log'),
    });
    started.push(sandbox);
    const sandboxAddr = await sandbox.waitForLine('sandbox http address', httpListenAddress, STARTUP_TIMEOUT_MS);
    const sandboxURL = `http://${sandboxAddr}`;

    const redisKeyPrefix = `e2e:${randomBytes(6).toString('hex')}:`;
    const bff = startProcess({
      name: 'bff',
      command: bffBin,
      env: {
        ...process.env,
        BFF_PROFILE: 'sandbox',
        BFF_HTTP_ADDR: new URL(bffPublicURL).host,
        BFF_AUTH_PUBLIC_URL: bffPublicURL,
        BFF_METRICS_ADDR: '127.0.0.1:0',
        REDIS_URL: redisURL,
        BFF_REDIS_KEY_PREFIX: redisKeyPrefix,
        // The journeys check behaviour, not Redis latency: every worker's BFF, sandbox and Chromium share one
        // redis-server and two cores, where a scheduling stall past the 250 ms default turned a read of the
        // service flag into the maintenance popup mid-journey. The fail-closed bound itself is tested in Go
        // against its default (internal/app TestRedisStoppedFailsClosedWith503AndRecovers).
        BFF_REDIS_TIMEOUT: '2s',
        // Likewise for a new connection: a worker's first request after its stack starts opened one in 204 ms,
        // past the 200 ms default, and met the maintenance popup on the journey's first screen.
        BFF_REDIS_DIAL_TIMEOUT: '2s',
        BFF_UPSTREAM_BASE_URL: sandboxURL,
        BFF_SESSION_JWT_SECRET: randomBytes(32).toString('base64url'),
        BFF_STATIC_BORROWER_DIR: borrowerDist,
        BFF_STATIC_PORTAL_DIR: portalDist,
        // A third brand beside the two shipped, as a deployment adds one: a configuration entry and its icon and
        // logo (borrower-brands.spec.ts walks sign-in under it).
        BFF_BRANDS_FILE: join(repoRoot, 'e2e/fixtures/brands/fen.yaml'),
        BFF_BRANDS_ASSETS_DIR: join(repoRoot, 'e2e/fixtures/brands/assets'),
      },
      cwd: repoRoot,
      logFile: join(logDir, 'bff.log'),
    });
    started.push(bff);
    const bffAddr = await bff.waitForLine('bff http address', httpListenAddress, STARTUP_TIMEOUT_MS);
    const baseURL = `http://${bffAddr}`;
    if (baseURL !== bffPublicURL) throw new Error(`the BFF listens on ${baseURL}, not on its public URL ${bffPublicURL}`);
    await pollUntil('the BFF did not answer GET /readyz with 200', () => isReady(baseURL), {
      timeoutMs: READY_TIMEOUT_MS,
      stillRunning: () => bff.running() && sandbox.running(),
    });

    return {
      baseURL,
      sandboxURL,
      redisURL,
      redisKeyPrefix,
      async stop() {
        await stopAll();
        process.removeListener('exit', killOnExit);
      },
    };
  } catch (error) {
    printOutputs(started);
    await stopAll();
    process.removeListener('exit', killOnExit);
    throw error;
  }
}
