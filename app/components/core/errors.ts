/** The message to show for a failed call: the server's own words when it sent any (SPEC.md: errors are shown as given). */

import { ApiError } from '../../lib/api.ts';
import type { IntlShape } from '../../lib/intl.tsx';

export function errorMessage(err: unknown, intl: IntlShape): string {
  if (err instanceof ApiError && err.message) return err.message;
  return intl.formatMessage({ id: 'errors.network' });
}

/** Per-field messages of a 422, keyed by field name. */
export function fieldErrors(err: unknown): Record<string, string> {
  if (!(err instanceof ApiError) || !err.body.errors) return {};
  return Object.fromEntries(Object.entries(err.body.errors).map(([k, v]) => [k, v[0] ?? '']));
}
