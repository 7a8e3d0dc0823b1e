/**
 * The one error vocabulary of the services. Messages are catalog keys, translated into the request's
 * language by the error handler, so a service never needs to know who is asking; the code is what clients
 * branch on (core/errors.ts).
 */
import type { ErrorCode } from '../core/errors.ts';
import type { MessageValues } from './i18n.ts';

export interface Msg {
  key: string;
  values?: MessageValues;
}

export class AppError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  readonly msg: Msg;
  /** Extra fields merged into the response body (API.md: e.g. `isAllowed`, `retry_at`). */
  readonly extra: Record<string, unknown>;

  constructor(status: number, code: ErrorCode, msg: Msg, extra: Record<string, unknown> = {}) {
    super(msg.key);
    this.status = status;
    this.code = code;
    this.msg = msg;
    this.extra = extra;
  }
}

export class Unauthenticated extends AppError {
  constructor() {
    super(401, 'UNAUTHENTICATED', { key: 'errors.unauthenticated' });
  }
}

export class Forbidden extends AppError {
  constructor() {
    super(403, 'FORBIDDEN', { key: 'errors.forbidden' });
  }
}

export class NotFound extends AppError {
  constructor(msg: Msg = { key: 'errors.not_found' }) {
    super(404, 'NOT_FOUND', msg);
  }
}

/** 422 for one or more named fields; each field carries message keys. */
export class Invalid extends AppError {
  readonly fields: Record<string, Msg[]>;

  constructor(fields: Record<string, Msg | Msg[]>, code: ErrorCode = 'VALIDATION') {
    super(422, code, { key: 'errors.invalid_input' });
    this.fields = Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, Array.isArray(v) ? v : [v]]));
  }
}

/** 422 with only a message, for rules that are not about one field (wrong credentials, duplicates). */
export class Rejected extends AppError {
  constructor(code: ErrorCode, msg: Msg, extra: Record<string, unknown> = {}) {
    super(422, code, msg, extra);
  }
}

export class TooMany extends AppError {
  constructor(code: ErrorCode, msg: Msg, retryAt: Date, extra: Record<string, unknown> = {}) {
    super(429, code, msg, { ...extra, retry_at: retryAt.toISOString() });
  }
}

/**
 * Unique indexes that hold what a user claims (db/schema.ts), and the field each answers for. A service checks first
 * and says "taken"; when two requests claim the same value at once, both checks pass and the index refuses the
 * later write, which must get the same 422 rather than a 500.
 */
const CLAIMS: Record<string, string> = { users_username_lower_idx: 'username', users_email_lower_idx: 'email' };

/** The 422 for a write a claimed-value index refused (PostgreSQL's unique_violation, under Drizzle's wrapper), or null. */
export function claimTaken(error: unknown): Invalid | null {
  for (let e = error; e instanceof Error; e = e.cause) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (code === '23505' && typeof constraint === 'string' && CLAIMS[constraint]) {
      return new Invalid({ [CLAIMS[constraint]]: { key: 'validation.taken' } });
    }
  }
  return null;
}

/** "own" in API.md: the row must exist (404) and be the user's (403). */
export function ownedBy<T extends { userId: number }>(row: T | undefined, userId: number): T {
  if (!row) throw new NotFound();
  if (row.userId !== userId) throw new Forbidden();
  return row;
}
