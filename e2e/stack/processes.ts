import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { createWriteStream } from 'node:fs';

/** A process of the stack: its captured output, and how to wait on it and stop it. */
export interface StackProcess {
  readonly name: string;
  readonly child: ChildProcess;
  /** Whether the process is still running. */
  running(): boolean;
  /** Everything it wrote to stdout and stderr so far. */
  output(): string;
  /**
   * Resolves with the first stdout line (this one or a later one) for which `pick` answers a value.
   * Rejects when the process ends first or the deadline passes.
   */
  waitForLine<T>(what: string, pick: (line: string) => T | undefined, timeoutMs: number): Promise<T>;
  /** SIGTERM, then SIGKILL if it has not exited within the grace period. */
  stop(graceMs?: number): Promise<void>;
}

export interface StartOptions {
  name: string;
  command: string;
  args?: readonly string[];
  env: NodeJS.ProcessEnv;
  cwd: string;
  /** Where the output is also written, to read after the run. */
  logFile: string;
}

interface LineWatcher {
  onLine: (line: string) => void;
  onEnd: (reason: string) => void;
}

/** Starts a process, captures its output and splits its stdout into lines for watchers. */
export function startProcess(options: StartOptions): StackProcess {
  const child = spawn(options.command, options.args ?? [], {
    cwd: options.cwd,
    env: options.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log = createWriteStream(options.logFile);
  const captured: string[] = [];
  const lines: string[] = [];
  const watchers = new Set<LineWatcher>();
  let partial = '';
  let ended: string | undefined;

  const end = (reason: string) => {
    ended ??= reason;
    for (const watcher of watchers) watcher.onEnd(ended);
  };
  const exited = new Promise<void>((resolve) => {
    child.once('exit', (code, signal) => {
      end(`${options.name} exited (${signal ?? `code ${String(code)}`})`);
      resolve();
    });
    child.once('error', (error) => {
      end(`${options.name} could not run: ${error.message}`);
      resolve();
    });
  });

  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (text: string) => {
    captured.push(text);
    log.write(text);
    const parts = (partial + text).split('\n');
    partial = parts.pop() ?? '';
    for (const line of parts) {
      lines.push(line);
      for (const watcher of watchers) watcher.onLine(line);
    }
  });
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (text: string) => {
    captured.push(text.replace(/^(?=.)/gm, '[stderr] '));
    log.write(text);
  });

  return {
    name: options.name,
    child,
    running: () => ended === undefined,
    output: () => captured.join(''),
    waitForLine<T>(what: string, pick: (line: string) => T | undefined, timeoutMs: number): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        const finish = (settle: () => void) => {
          clearTimeout(timer);
          watchers.delete(watcher);
          settle();
        };
        const watcher: LineWatcher = {
          onLine(line) {
            const value = pick(line);
            if (value !== undefined) finish(() => {
              resolve(value);
            });
          },
          onEnd(reason) {
            finish(() => {
              reject(new Error(`${what}: ${reason}`));
            });
          },
        };
        const timer = setTimeout(() => {
          finish(() => {
            reject(new Error(`${what}: nothing within ${timeoutMs} ms`));
          });
        }, timeoutMs);
        watchers.add(watcher);
        for (const line of lines) watcher.onLine(line);
        if (ended !== undefined) watcher.onEnd(ended);
      });
    },
    async stop(graceMs = 10_000) {
      if (ended === undefined) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
        await exited;
        clearTimeout(timer);
      }
      await new Promise<void>((resolve) => log.end(resolve));
    },
  };
}

/** The `addr` of a slog JSON line saying `"msg":"listening"` with `"listener":"http"`. */
export function httpListenAddress(line: string): string | undefined {
  let record: unknown;
  try {
    record = JSON.parse(line);
  } catch {
    return undefined;
  }
  if (typeof record !== 'object' || record === null) return undefined;
  const { msg, listener, addr } = record as Record<string, unknown>;
  return msg === 'listening' && listener === 'http' && typeof addr === 'string' ? addr : undefined;
}

/** Polls `check` until it answers true; fails with the last reason when the deadline passes. */
export async function pollUntil(
  what: string,
  check: () => Promise<boolean>,
  options: { timeoutMs: number; intervalMs?: number; stillRunning?: () => boolean },
): Promise<void> {
  const deadline = Date.now() + options.timeoutMs;
  let lastError: unknown;
  for (;;) {
    if (options.stillRunning && !options.stillRunning()) throw new Error(`${what}: the process exited`);
    try {
      if (await check()) return;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() >= deadline) {
      const reason = lastError instanceof Error ? `: ${lastError.message}` : '';
      throw new Error(`${what} within ${options.timeoutMs} ms${reason}`);
    }
    await new Promise((resolve) => setTimeout(resolve, options.intervalMs ?? 100));
  }
}

/** Prints what each process wrote, for a stack that failed to start. */
export function printOutputs(processes: readonly StackProcess[]): void {
  for (const proc of processes) {
    console.error(`\n----- output of ${proc.name} -----\n${proc.output() || '(nothing)'}\n----- end of ${proc.name} -----`);
  }
}
