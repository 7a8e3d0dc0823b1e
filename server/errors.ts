/**
 * The one error vocabulary of the services. Messages are catalog keys, translated into the request's
 * language by the error handler, so a service never needs to know who is asking.
 */
import type { MessageValues } from './i18n.ts';

export interface Msg {
  key: string;
  values?: MessageValues;
}

export class AppError extends Error {
  readonly status: number;
  readonly msg: Msg;
  /** Extra fields merged into the response body (API.md: e.g. `isAllowed`, `retry_at`). */
  readonly extra: Record<string, unknown>;

  constructor(status: number, msg: Msg, extra: Record<string, unknown> = {}) {
    super(msg.key);
    this.status = status;
    this.msg = msg;
    this.extra = extra;
  }
}

export class Unauthenticated extends AppError {
  constructor() {
    super(401, { key: 'errors.unauthenticated' });
  }
}

export class Forbidden extends AppError {
  constructor(msg: Msg = { key: 'errors.forbidden' }) {
    super(403, msg);
  }
}

export class NotFound extends AppError {
  constructor(msg: Msg = { key: 'errors.not_found' }) {
    super(404, msg);
  }
}

/** 422 for one or more named fields; each field carries message keys. */
export class Invalid extends AppError {
  readonly fields: Record<string, Msg[]>;

  constructor(fields: Record<string, Msg | Msg[]>, msg: Msg = { key: 'errors.invalid_input' }) {
    super(422, msg);
    this.fields = Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, Array.isArray(v) ? v : [v]]));
  }
}

/** 422 with only a message, for rules that are not about one field (wrong credentials, duplicates). */
export class Rejected extends AppError {
  constructor(msg: Msg, extra: Record<string, unknown> = {}) {
    super(422, msg, extra);
  }
}

export class TooMany extends AppError {
  constructor(msg: Msg, retryAt: Date, extra: Record<string, unknown> = {}) {
    super(429, msg, { ...extra, retry_at: retryAt.toISOString() });
  }
}

/** "own" in API.md: the row must exist (404) and be the user's (403). */
export function ownedBy<T extends { userId: number }>(row: T | undefined, userId: number): T {
  if (!row) throw new NotFound();
  if (row.userId !== userId) throw new Forbidden();
  return row;
}
