import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as PreactDom from 'preact/compat';
import { describe, expect, test } from 'vitest';
import * as React from './react.ts';

const dist = new URL('../../node_modules/react-router/dist/production/', import.meta.url).pathname;

/** React Router's modules the app runs: every one but the React Server Components builds, which it does not use. */
function routerModules(dir = dist): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'rsc' ? [] : routerModules(path);
    return entry.name.endsWith('.js') && !entry.name.startsWith('index-react-server') ? [path] : [];
  });
}

/**
 * What each module takes from `react` and `react-dom`: named imports (the bundler fails the build on a missing one
 * already) and members of namespace imports (`React$1.use`), which it would let through as undefined.
 */
function used(code: string, pkg: 'react' | 'react-dom'): string[] {
  const names = new Set<string>();
  for (const m of code.matchAll(new RegExp(`import \\* as (\\w+\\$?\\d*) from "${pkg}";`, 'g'))) {
    const ns = m[1].replace('$', '\\$');
    for (const member of code.matchAll(new RegExp(`\\b${ns}\\.(\\w+)`, 'g'))) names.add(member[1]);
  }
  for (const m of code.matchAll(new RegExp(`import \\{([^}]*)\\} from "${pkg}";`, 'g')))
    for (const name of m[1].split(',')) names.add(name.trim().split(/\s+as\s+/)[0]);
  return [...names];
}

describe('React Router on Preact (decision 047)', () => {
  const modules = routerModules().map((path) => ({ path, code: readFileSync(path, 'utf8') }));

  test('every export React Router 8 takes from react and react-dom is there', () => {
    const reactNames = new Set(modules.flatMap((m) => used(m.code, 'react')));
    const domNames = new Set(modules.flatMap((m) => used(m.code, 'react-dom')));
    // Read from the code, so that an upgrade that stops importing a name this lists shows here too.
    expect([...reactNames].sort()).toEqual([
      'Children',
      'Component',
      'Fragment',
      'Suspense',
      'cloneElement',
      'createContext',
      'createElement',
      'forwardRef',
      'isValidElement',
      'memo',
      'startTransition',
      'useCallback',
      'useContext',
      'useEffect',
      'useId',
      'useLayoutEffect',
      'useMemo',
      'useOptimistic',
      'useRef',
      'useState',
    ]);
    expect([...domNames].sort()).toEqual(['flushSync']);
    const missing = [...reactNames].filter((name) => (React as Record<string, unknown>)[name] === undefined);
    const missingDom = [...domNames].filter((name) => (PreactDom as Record<string, unknown>)[name] === undefined);
    expect({ missing, missingDom }).toEqual({ missing: [], missingDom: [] });
  });

  test('useOptimistic gives the state passed in and the same setter on every call', () => {
    const first = React.useOptimistic(1);
    const second = React.useOptimistic(2);
    expect(first[0]).toBe(1);
    expect(second[0]).toBe(2);
    expect(second[1]).toBe(first[1]);
  });
});
