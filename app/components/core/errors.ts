/**
 * The message to show for a failed call: the server's own words when it sent any (SPEC.md: errors are shown as
 * given); for an answer that carried only its status (a proxy's error page, an empty 500), what happened and what
 * to do, in the page's language. A fault's words are API.md's fixed English "Server Error", not words translated for
 * this reader, so it is said as a fault with no words is (decision 064).
 */

import { ApiError } from '../../lib/api.ts';
import type { IntlShape } from '../../lib/intl.tsx';

export function errorMessage(err: unknown, intl: IntlShape): string {
  if (!(err instanceof ApiError)) return intl.formatMessage({ id: 'errors.network' });
  if (err.fromApi && err.code !== 'SERVER_ERROR') return err.message;
  switch (err.code) {
    case 'RATE_LIMITED':
      // Said in whole minutes, rounded up: waiting a little longer than asked is never refused.
      return err.retryAfter
        ? intl.formatMessage({ id: 'errors.slow_down_minutes' }, { minutes: Math.ceil(err.retryAfter / 60) })
        : intl.formatMessage({ id: 'errors.slow_down' });
    case 'UNAVAILABLE':
      return intl.formatMessage({ id: 'errors.unavailable' });
    case 'SERVER_ERROR':
      return intl.formatMessage({ id: 'errors.server_fault' });
    default:
      return intl.formatMessage({ id: 'errors.request_failed' });
  }
}

/** Per-field messages of a 422, keyed by field name. */
export function fieldErrors(err: unknown): Record<string, string> {
  if (!(err instanceof ApiError) || !err.body.errors) return {};
  return Object.fromEntries(Object.entries(err.body.errors).map(([k, v]) => [k, v[0] ?? '']));
}
