/**
 * Runs the Playwright suite with Debian's Chromium. Without the browser the suite is skipped with a message,
 * except on CI, where a skipped browser part is a failure.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  const msg = `Chromium not found at ${chromium}: end-to-end tests skipped (apt-get install -y chromium).`;
  if (process.env.CI) {
    console.error(`${msg} On CI they are required.`);
    process.exit(1);
  }
  console.warn(msg);
  process.exit(0);
}
const result = spawnSync('npx', ['playwright', 'test', ...process.argv.slice(2)], { stdio: 'inherit' });
process.exit(result.status ?? 1);
