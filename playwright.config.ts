import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './tests/e2e/chromium.ts';

const port = Number(process.env.E2E_PORT ?? 3210);
const dataDir = process.env.E2E_DATA_DIR ?? `/tmp/kindred-e2e-${process.pid}`;

export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 30_000,
  retries: process.env.CI ? 1 : 0,
  workers: 2,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // page.route() cannot see what the app's service worker fetches (built assets go through it), so specs that
    // stand in for the network run without it; tests/e2e/pwa.spec.ts, which tests the worker, allows it.
    serviceWorkers: 'block',
    launchOptions: chromiumLaunchOptions,
  },
  webServer: {
    // tests/e2e/moderator.ts seeds the demo content and adds the moderator account the moderation spec uses.
    command: `rm -rf ${dataDir} && node tests/e2e/moderator.ts && node server/main.ts`,
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    // Without Redis the server's rate-limit counters start empty with each run; in a shared Redis the per-IP
    // guest sign-in limit would carry over from earlier runs on the same machine. Every test signs in from the
    // same address, more than the default 30 guests an hour.
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_MAX: '100000',
      GUEST_LOGINS_PER_HOUR: '1000',
      REDIS_URL: '',
    },
  },
});
