/**
 * How the suite and the phone bench (bench/phone.ts) launch Debian's Chromium: the same binary and flags, so the
 * bench measures the browser the tests drive. The flags keep a headless run off the network it has not got here
 * (QUIC, background fetches, component updates, sync) and off the GPU.
 */
import type { LaunchOptions } from 'playwright';

export const chromiumLaunchOptions: LaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};
