/**
 * The process as `npm start` runs it (the built server, build/app/main.js, rebuilt here from the sources under
 * test): first start seeds, SIGTERM ends cleanly, a restart keeps the data, and it finds its files (migrations,
 * locales, public/) from the bundle's place. It runs with Node's type stripping off, so a `.ts` module loaded by
 * the process or by its PGlite worker thread (built as build/app/pglite-worker.js) fails the start. It runs with the
 * start script's Node flags, so the start-up collection those flags enable (--expose-gc, decision 046) runs here too.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { testPort } from '../tests/helpers/port.ts';
import { spawnServer } from '../tests/helpers/server-process.ts';
import { startCommand } from '../tests/helpers/start-command.ts';

const root = new URL('..', import.meta.url).pathname;
const dataDir = mkdtempSync(join(tmpdir(), 'kindred-main-'));
const port = testPort(3300, 500);

beforeAll(() => {
  if (!existsSync(join(root, 'build/server/index.js'))) execFileSync('npx', ['react-router', 'build'], { cwd: root, stdio: 'ignore' });
  execFileSync(process.execPath, ['scripts/build-server.ts'], { cwd: root, stdio: 'ignore' });
}, 120_000);

const { entry, flags } = startCommand();

const start = () =>
  spawnServer(
    entry,
    {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      NODE_ENV: 'production',
      LOG_LEVEL: 'info',
      DATABASE_URL: '',
      REDIS_URL: '',
      PGLITE_WORKER: 'true',
      NODE_OPTIONS: '--no-experimental-strip-types',
    },
    undefined,
    flags,
  );

/** The fields of the JSON log line whose message is `msg`. */
function logged(output: string, msg: string): Record<string, unknown> {
  const line = output.split('\n').find((l) => l.includes(`"msg":"${msg}"`));
  if (!line) throw new Error(`no "${msg}" in the log:\n${output}`);
  return JSON.parse(line);
}

describe('server process', () => {
  it('seeds on first start, shuts down on SIGTERM, and keeps its data across a restart', async () => {
    const first = start();
    await first.listening;
    const before = await (await fetch(`http://127.0.0.1:${port}/api/posts`)).json();
    expect(before.meta.total).toBe(logged(first.output(), 'demo content seeded').posts);
    const guest = await (await fetch(`http://127.0.0.1:${port}/api/guest-login`, { method: 'POST' })).json();

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(first.output()).toContain('shutting down');

    const second = start();
    await second.listening;
    const after = await (await fetch(`http://127.0.0.1:${port}/api/posts`)).json();
    expect(after.meta.total).toBe(before.meta.total);
    expect(second.output()).not.toContain('demo content seeded');
    const me = await fetch(`http://127.0.0.1:${port}/api/get/data/user`, { headers: { authorization: `Bearer ${guest.token}` } });
    expect(me.status).toBe(200);
    // A page in another language: its catalog is read from locales/ beside the sources, not beside the bundle.
    const page = await fetch(`http://127.0.0.1:${port}/de`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<html lang="de"');
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  }, 90_000);

  it('refuses a bad configuration value, naming it', () => {
    let message = '';
    try {
      execFileSync(process.execPath, [entry], { cwd: root, env: { ...process.env, PORT: 'not-a-port' }, stdio: 'pipe' });
    } catch (err) {
      message = String((err as { stderr: Buffer }).stderr);
    }
    expect(message).toContain('PORT');
  });
});
