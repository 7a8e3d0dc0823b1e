/**
 * What `npm start` runs: the Node flags its script gives and the file it starts (the built server,
 * scripts/build-server.ts). Read from package.json so that the memory benchmark and the process test run the server
 * exactly as the start script does, flags included, instead of a copy of them that could drift.
 */
import { readFileSync } from 'node:fs';

const root = new URL('../..', import.meta.url).pathname;

export function startCommand(): { flags: string[]; entry: string } {
  const script: string = JSON.parse(readFileSync(`${root}package.json`, 'utf8')).scripts.start;
  const command = /\bnode((?:\s+--\S+)*)\s+(\S+\.[jt]s)\b/.exec(script);
  if (!command) throw new Error(`cannot find "node … <file>" in the start script: ${script}`);
  return { flags: command[1].split(/\s+/).filter(Boolean), entry: command[2] };
}
