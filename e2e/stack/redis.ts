import { createServer, connect } from 'node:net';
import { join } from 'node:path';
import { pollUntil, printOutputs, startProcess } from './processes';
import type { StackProcess } from './processes';

/** A TCP port on 127.0.0.1 that nothing listens on right now. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => {
    resolve();
  }));
  if (address === null || typeof address === 'string') throw new Error('no TCP address for a free port');
  return address.port;
}

/** Sends PING and answers whether Redis said PONG. */
function ping(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.setTimeout(1000);
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => {
      socket.destroy();
      resolve(data.toString('utf8').startsWith('+PONG'));
    });
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => {
      resolve(false);
    });
  });
}

/**
 * Starts a throw-away redis-server on a free port, without persistence, and waits until it answers. When it
 * does not, prints its output, stops it and throws.
 */
export async function startRedis(logDir: string, cwd: string): Promise<{ url: string; process: StackProcess }> {
  const port = await freePort();
  const proc = startProcess({
    name: 'redis-server',
    command: 'redis-server',
    args: ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    env: process.env,
    cwd,
    logFile: join(logDir, 'redis.log'),
  });
  try {
    await pollUntil('redis-server did not answer PING', () => ping(port), {
      timeoutMs: 15_000,
      stillRunning: () => proc.running(),
    });
  } catch (error) {
    printOutputs([proc]);
    await proc.stop();
    throw error;
  }
  return { url: `redis://127.0.0.1:${port}/0`, process: proc };
}
