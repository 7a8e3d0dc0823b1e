/**
 * What a V8 heap snapshot holds, summed by kind and constructor (self sizes), biggest first: where a process's heap
 * goes without opening DevTools. Take the snapshot with `node --heapsnapshot-signal=SIGUSR2 …` (then `kill -USR2`)
 * or `v8.writeHeapSnapshot()`.
 *
 *   node bench/heap-summary.ts <file.heapsnapshot> [--top 40]
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

const { values: args, positionals } = parseArgs({ allowPositionals: true, options: { top: { type: 'string', default: '40' } } });
if (positionals.length !== 1) {
  console.error('usage: node bench/heap-summary.ts <file.heapsnapshot> [--top 40]');
  process.exit(2);
}

interface Snapshot {
  snapshot: { meta: { node_fields: string[]; node_types: [string[], ...unknown[]] } };
  nodes: number[];
  strings: string[];
}
const snap: Snapshot = JSON.parse(readFileSync(positionals[0], 'utf8'));
const fields = snap.snapshot.meta.node_fields;
const width = fields.length;
const typeAt = fields.indexOf('type');
const nameAt = fields.indexOf('name');
const sizeAt = fields.indexOf('self_size');
const types = snap.snapshot.meta.node_types[0];

const byKey = new Map<string, { bytes: number; count: number }>();
let total = 0;
for (let i = 0; i < snap.nodes.length; i += width) {
  const type = types[snap.nodes[i + typeAt]];
  const size = snap.nodes[i + sizeAt];
  total += size;
  // Objects and closures by constructor or function name; strings, code and arrays by kind only.
  const name = type === 'object' || type === 'closure' || type === 'native' ? snap.strings[snap.nodes[i + nameAt]] : '';
  const key = name ? `${type} ${name.slice(0, 80)}` : type;
  const entry = byKey.get(key) ?? { bytes: 0, count: 0 };
  entry.bytes += size;
  entry.count++;
  byKey.set(key, entry);
}
const mb = (n: number) => (n / 2 ** 20).toFixed(2).padStart(8);
console.log(`${mb(total)} MB in ${snap.nodes.length / width} objects`);
for (const [key, { bytes, count }] of [...byKey].sort((a, b) => b[1].bytes - a[1].bytes).slice(0, Number(args.top))) {
  console.log(`${mb(bytes)} MB ${String(count).padStart(8)}  ${key}`);
}
