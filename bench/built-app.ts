/**
 * The built app (`npm run build` first) as `npm start` runs it, on a free port with its own throwaway PGlite data
 * directory and the demo content, for the benches that look at pages as a browser gets them (page-weight, phone).
 * Never the configured database or Redis: a bench must not write into them.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startCommand } from '../tests/helpers/start-command.ts';

const root = new URL('..', import.meta.url).pathname;

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export async function waitFor(url: string, deadline: number) {
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the app did not answer ${url} in time`);
}

export interface BuiltApp {
  base: string;
  /** Stops the app and removes its data directory. */
  stop(): Promise<void>;
}

export async function startBuiltApp(name: string): Promise<BuiltApp> {
  const { flags, entry } = startCommand();
  if (!existsSync(join(root, entry))) throw new Error('No build: run `npm run build` first.');
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), `kindred-${name}-`));
  const app = spawn(process.execPath, [...flags, entry], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'true',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const stop = async () => {
    if (app.exitCode === null) {
      app.kill('SIGTERM');
      await new Promise((r) => app.once('exit', r));
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const base = `http://127.0.0.1:${port}`;
  try {
    const exited = new Promise<never>((_, reject) =>
      app.once('exit', (code) => reject(new Error(`the app exited (${code}) before answering`))),
    );
    await Promise.race([waitFor(`${base}/api/health`, Date.now() + 120_000), exited]);
  } catch (err) {
    await stop();
    throw err;
  }
  return { base, stop };
}
