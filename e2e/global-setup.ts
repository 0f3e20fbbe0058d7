import { randomBytes } from 'node:crypto';
import { accessSync, constants, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { httpListenAddress, pollUntil, startProcess } from './stack/processes';
import type { StackProcess } from './stack/processes';
import { freePort, startRedis } from './stack/redis';

const repoRoot = resolve(import.meta.dirname, '..');
const logDir = resolve(import.meta.dirname, 'artifacts', 'logs');

const STARTUP_TIMEOUT_MS = 30_000;
const READY_TIMEOUT_MS = 60_000;

function requireBuilt(relativePath: string, executable: boolean): string {
  const path = join(repoRoot, relativePath);
  try {
    accessSync(path, executable ? constants.X_OK : constants.R_OK);
  } catch {
    throw new Error(`${relativePath} is missing: run make build first`);
  }
  return path;
}

async function isReady(baseURL: string): Promise<boolean> {
  const response = await fetch(`${baseURL}/readyz`, { signal: AbortSignal.timeout(2_000) });
  await response.body?.cancel();
  return response.status === 200;
}

/**
 * Starts the real stack the journeys drive: Redis (unless REDIS_URL names one), the sandbox and the BFF
 * serving both built apps, each on a port the OS chose; the BFF's public URL (BFF_AUTH_PUBLIC_URL, the start
 * of the links in its e-mails) is its own base URL. Exposes E2E_BASE_URL, E2E_SANDBOX_URL, and the BFF's
 * Redis (E2E_REDIS_URL) and key prefix (E2E_REDIS_KEY_PREFIX) to the tests, and returns the teardown that
 * stops what it started.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const sandboxBin = requireBuilt('bin/sandbox', true);
  const bffBin = requireBuilt('bin/bff', true);
  // The operator command the journeys switch the service off and on with (fixtures/clean-state.ts).
  requireBuilt('bin/bffctl', true);
  const borrowerDist = requireBuilt('apps/borrower/dist/index.html', false).replace(/\/index\.html$/, '');
  const portalDist = requireBuilt('apps/finance-portal/dist/index.html', false).replace(/\/index\.html$/, '');
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
    let redisURL = process.env.REDIS_URL;
    if (!redisURL) {
      const redis = await startRedis(logDir, repoRoot);
      started.push(redis.process);
      redisURL = redis.url;
    }

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
        BFF_UPSTREAM_BASE_URL: sandboxURL,
        BFF_SESSION_JWT_SECRET: randomBytes(32).toString('base64url'),
        BFF_STATIC_BORROWER_DIR: borrowerDist,
        BFF_STATIC_PORTAL_DIR: portalDist,
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

    process.env.E2E_BASE_URL = baseURL;
    process.env.E2E_SANDBOX_URL = sandboxURL;
    // The BFF's Redis and key prefix, for tests that clean its state or run bffctl against it.
    process.env.E2E_REDIS_URL = redisURL;
    process.env.E2E_REDIS_KEY_PREFIX = redisKeyPrefix;
    process.stdout.write(`e2e stack: BFF ${baseURL}, sandbox ${sandboxURL}, logs in ${logDir}\n`);
  } catch (error) {
    for (const proc of started) {
      console.error(`\n----- output of ${proc.name} -----\n${proc.output() || '(nothing)'}\n----- end of ${proc.name} -----`);
    }
    await stopAll();
    process.removeListener('exit', killOnExit);
    throw error;
  }

  return async () => {
    await stopAll();
    process.removeListener('exit', killOnExit);
  };
}

