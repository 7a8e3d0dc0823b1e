/**
 * Runs `work` once the browser has nothing else to do: for fetching, after hydration, the chunks of what no first
 * view shows but a first click may need (the API client, a toast), so they neither delay the page nor the click.
 */
export function whenIdle(work: () => unknown) {
  const run = () => void work();
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(run);
  else setTimeout(run, 1);
}
