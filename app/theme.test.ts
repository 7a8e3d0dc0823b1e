/**
 * Tailwind writes no rule for a colour the theme does not define, so a class such as `dark:text-brand-300`
 * silently leaves the light colour in place (dark green links on near-black, ~2.8:1). Every shade of the
 * project's own palette that a component names must be in `app.css`'s @theme.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = new URL('.', import.meta.url).pathname;
const css = readFileSync(join(root, 'app.css'), 'utf8');
const theme = css.slice(css.indexOf('@theme'), css.indexOf('}', css.indexOf('@theme')));
const defined = new Set([...theme.matchAll(/--color-(brand-\d+):/g)].map((m) => m[1]));

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(join(dir, e.name)) : /\.tsx?$/.test(e.name) && !e.name.endsWith('.test.ts') ? [join(dir, e.name)] : [],
  );
}

describe('theme colours', () => {
  it('defines every brand shade the components use', () => {
    const used = new Map<string, string>();
    for (const file of sources(root)) {
      for (const m of readFileSync(file, 'utf8').matchAll(/\b(brand-\d+)\b/g)) used.set(m[1], file.slice(root.length));
    }
    expect(used.size).toBeGreaterThan(0);
    const missing = [...used].filter(([shade]) => !defined.has(shade)).map(([shade, file]) => `${shade} (${file})`);
    expect(missing).toEqual([]);
  });
});
