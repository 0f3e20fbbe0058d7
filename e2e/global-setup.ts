import { mkdirSync, rmSync } from 'node:fs';
import { builtArtifacts, logDir, repoRoot } from './stack/app-stack';
import { startRedis } from './stack/redis';

/**
 * Runs once, before any worker starts: checks that everything the stacks run is built (so a missing build
 * fails once, saying so, not once per worker) and starts the Redis that every worker's stack shares, each
 * under its own key prefix: the one REDIS_URL names, or a throw-away redis-server. Publishes it to the
 * workers as E2E_REDIS_URL; each worker then starts its own sandbox and BFF on it (the `stack` fixture of
 * fixtures/test.ts). Returns the teardown that stops what it started.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  builtArtifacts();
  // Only this run's logs: the workers' folders are named after workers, which differ from run to run.
  rmSync(logDir, { recursive: true, force: true });
  mkdirSync(logDir, { recursive: true });

  const redis = process.env.REDIS_URL ? undefined : await startRedis(logDir, repoRoot);
  const killOnExit = () => {
    if (redis?.process.running()) redis.process.child.kill('SIGKILL');
  };
  process.once('exit', killOnExit);
  process.env.E2E_REDIS_URL = redis ? redis.url : process.env.REDIS_URL;
  return async () => {
    await redis?.process.stop();
    process.removeListener('exit', killOnExit);
  };
}
