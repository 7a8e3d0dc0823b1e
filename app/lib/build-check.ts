/**
 * Notices a newer build (SPEC.md section 4): /builds/latest.json is polled every few minutes and whenever the
 * tab regains focus; once its id differs from the build this page runs, the next navigation is a full page
 * load so the visitor gets the new code. A path is reloaded at most once per 10 seconds, so a build that keeps
 * looking stale (a cache in between) cannot trap anyone in a reload loop.
 */
import { useEffect, useRef } from 'react';
import { createPath, useLocation, useNavigation } from 'react-router';
import type { BuildInfo } from '../../core/types.ts';

const POLL_MS = 5 * 60 * 1000;
export const RELOAD_GUARD_MS = 10_000;

interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/** True when `path` has not been reloaded in the last 10 seconds; the attempt is recorded. */
export function mayReload(path: string, now: number, store: KeyValueStore): boolean {
  const key = `kindred:reload:${path}`;
  const last = Number(store.getItem(key) ?? 0);
  if (last && now - last < RELOAD_GUARD_MS) return false;
  store.setItem(key, String(now));
  return true;
}

function reloadTo(path: string) {
  try {
    if (!mayReload(path, Date.now(), window.sessionStorage)) return false;
  } catch {
    // Without sessionStorage (privacy modes) the guard cannot work, so no reload is risked.
    return false;
  }
  window.location.assign(path);
  return true;
}

export function useBuildCheck(currentId: string) {
  const stale = useRef(false);
  const navigation = useNavigation();
  const location = useLocation();
  const first = useRef(true);

  useEffect(() => {
    // The development server rebuilds on every edit and has its own hot reload.
    if (import.meta.env.DEV) return;
    let busy = false;
    async function check() {
      if (busy || stale.current) return;
      busy = true;
      try {
        const res = await fetch(`/builds/latest.json?t=${Date.now()}`, { cache: 'no-store' });
        if (res.ok) {
          // Optional: a proxy or an older server may answer without it.
          const { id } = (await res.json()) as Partial<BuildInfo>;
          if (id && id !== currentId) stale.current = true;
        }
      } catch {
        // Offline or a deploy in progress: the next poll tries again.
      } finally {
        busy = false;
      }
    }
    const timer = setInterval(check, POLL_MS);
    const onVisible = () => {
      if (document.visibilityState === 'visible') void check();
    };
    window.addEventListener('focus', check);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      clearInterval(timer);
      window.removeEventListener('focus', check);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [currentId]);

  // A navigation that needs data is replaced by a full load of its target.
  useEffect(() => {
    if (stale.current && navigation.state === 'loading' && navigation.location) reloadTo(createPath(navigation.location));
  }, [navigation.state, navigation.location]);

  // One that needed no data has already happened; the page it reached is loaded again.
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (stale.current) reloadTo(createPath(location));
  }, [location]);
}
