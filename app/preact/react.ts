/**
 * What `react` resolves to in the browser's build (app/preact/aliases.ts; the server renders with React, decision
 * 052): preact/compat, plus the one export React Router 8 imports that preact/compat 11 lacks (decision 047;
 * react.test.ts lists what React Router takes). The default export is for modules that import React as a default.
 */
// preact/compat's types are written as `export =`, which TypeScript will not re-export with `export *`; the app's
// code is typed against @types/react, and the bundle takes the names from the module.
// @ts-expect-error TS2498
export * from 'preact/compat';
export { default } from 'preact/compat';

/**
 * React Router's RouterProvider calls it on every render and sets the optimistic state only when it is given
 * `useTransitions` (lib/components.js), which HydratedRouter is not. React shows an optimistic state only while its
 * transition is pending; Preact's startTransition runs its callback at once, so no transition is ever pending and the
 * state shown is always the one passed in.
 */
export function useOptimistic<S>(state: S): [S, (action: unknown) => void] {
  return [state, setOptimistic];
}

/** One function for every render, as React's dispatch is: React Router lists it among its effects' dependencies. */
function setOptimistic() {}
