/**
 * Load for the HTTP benchmarks: autocannon in a child process of its own, so it takes no time from the event loop
 * of the app it measures (which runs in another child process).
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const autocannonCli = fileURLToPath(new URL('../node_modules/autocannon/autocannon.js', import.meta.url));

/** Runs a command and resolves with what it printed on stdout; its stderr goes to ours. */
export function run(command: string, argv: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, argv, { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout?.on('data', (d) => {
      out += d;
    });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`${command} ${argv.join(' ')} exited with ${code}`))));
  });
}

export interface Load {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  /** Bytes on the wire per response, headers included. */
  bytesPerResponse: number;
  errors: number;
}

export async function autocannon(
  url: string,
  options: { connections: number; seconds: number; headers?: Record<string, string> },
): Promise<Load> {
  const argv = [autocannonCli, '-c', String(options.connections), '-d', String(options.seconds), '-j', '-n'];
  for (const [k, v] of Object.entries(options.headers ?? {})) argv.push('-H', `${k}=${v}`);
  const result = JSON.parse(await run(process.execPath, [...argv, url]));
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    bytesPerResponse: result.throughput.total / Math.max(1, result.requests.total),
    errors: result.errors + result.timeouts + result.non2xx,
  };
}
