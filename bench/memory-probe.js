// Loaded with --import into the app's process by bench/memory.ts: answers its parent's IPC question with the V8
// heap figures, which only the process itself can read (RSS the parent reads from /proc). Plain JavaScript so
// that the probe itself loads nothing the app would not (a .ts file would need Node's type stripper).
import v8 from 'node:v8';

process.on('message', (message) => {
  if (message?.type !== 'memory') return;
  const usage = process.memoryUsage();
  const spaces = Object.fromEntries(v8.getHeapSpaceStatistics().map((s) => [s.space_name, s.space_size]));
  process.send?.({ type: 'memory', usage, spaces });
});
// The IPC channel must not keep the app alive once it is asked to stop.
process.channel?.unref();
