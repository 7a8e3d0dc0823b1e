/**
 * Writes the installable app's PNG icons to public/icons/ from public/favicon.svg, drawn by Chromium at each size
 * (browsers ask for 192 and 512): `icon-*` as the favicon is (rounded square), `maskable-*` full-bleed with the
 * heart inside the 80% safe zone, so a launcher's circle or squircle mask never cuts it, and `badge-96` (the heart
 * alone, for the status bar). Run by hand
 * (`node scripts/make-icons.ts`, Chromium at CHROMIUM_PATH or /usr/bin/chromium); the PNGs are committed.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { chromium } from '@playwright/test';

const root = new URL('..', import.meta.url).pathname;
const favicon = readFileSync(`${root}public/favicon.svg`, 'utf8');
// The favicon's heart, on its own: the maskable icon scales it to 60% of the square (well inside the safe zone).
const heart = /<path [^>]*\/>/.exec(favicon)?.[0];
if (!heart) throw new Error('public/favicon.svg has no heart path');
const brand = /fill="(#[0-9a-f]{6})"/i.exec(favicon)?.[1] ?? '#2f7a60';
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="${brand}"/><g transform="translate(16 17.6) scale(1.35) translate(-16 -18)">${heart}</g></svg>`;

// The notification badge (Android's status bar): only its alpha counts, so the white heart alone.
const badge = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><g transform="translate(16 17.6) scale(1.6) translate(-16 -18)">${heart}</g></svg>`;

mkdirSync(`${root}public/icons`, { recursive: true });
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
try {
  for (const size of [192, 512]) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    for (const [name, svg] of [
      ['icon', favicon],
      ['maskable', maskable],
    ] as const) {
      const sized = svg.replace('<svg ', `<svg width="${size}" height="${size}" `);
      await page.setContent(`<html><body style="margin:0;background:transparent">${sized}</body></html>`);
      await page.locator('svg').screenshot({ path: `${root}public/icons/${name}-${size}.png`, omitBackground: true });
    }
    await page.close();
  }
  const page = await browser.newPage({ viewport: { width: 96, height: 96 } });
  await page.setContent(
    `<html><body style="margin:0;background:transparent">${badge.replace('<svg ', '<svg width="96" height="96" ')}</body></html>`,
  );
  await page.locator('svg').screenshot({ path: `${root}public/icons/badge-96.png`, omitBackground: true });
} finally {
  await browser.close();
}
console.log('icons written to public/icons/');
