/**
 * The server as its own process, for the tests of what only a process shows (start, SIGTERM, faults of the services
 * it connects to): `entry` run by this Node with `nodeFlags` and `env` over the environment, its stdout and stderr
 * kept.
 */
import { type ChildProcess, spawn } from 'node:child_process';

const root = new URL('../..', import.meta.url).pathname;

export interface ServerProcess {
  child: ChildProcess;
  /** Everything it wrote so far, stdout and stderr. */
  output(): string;
  /** Resolves once it logged that it listens and `readyWhen` holds for its output; rejects if it ends first. */
  listening: Promise<void>;
  /** Its exit code, once it ends. */
  exited: Promise<number | null>;
  /** Resolves once its output contains `text`. */
  said(text: string): Promise<void>;
}

export function spawnServer(
  entry: string,
  env: Record<string, string>,
  readyWhen: (output: string) => boolean = () => true,
  nodeFlags: string[] = [],
): ServerProcess {
  let out = '';
  const child = spawn(process.execPath, [...nodeFlags, entry], { cwd: root, env: { ...process.env, ...env } });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const said = (text: string) =>
    new Promise<void>((resolve) => {
      const read = () => out.includes(text) && resolve();
      child.stdout?.on('data', read);
      child.stderr?.on('data', read);
      read();
    });
  const read = (d: Buffer) => {
    out += d;
  };
  child.stdout?.on('data', read);
  child.stderr?.on('data', read);
  const listening = new Promise<void>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`server exited with ${code} before listening:\n${out}`)));
    const check = () => out.includes('Server listening at') && readyWhen(out) && resolve();
    child.stdout?.on('data', check);
    child.stderr?.on('data', check);
  });
  return { child, output: () => out, listening, exited, said };
}
