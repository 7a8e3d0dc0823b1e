/**
 * The stable `code` of every API error body. Messages are translated and may be reworded; clients (the web app,
 * a mobile app, the tests) branch on these codes instead. A code, once published, keeps its meaning.
 */
export const ERROR_CODES = [
  /** 400: the request body is not JSON. */
  'MALFORMED_JSON',
  /** 400: the request cannot be understood (e.g. a body the server cannot read). */
  'BAD_REQUEST',
  /** 401: not signed in, or the Bearer token is unknown. */
  'UNAUTHENTICATED',
  /** 403: someone else's content. */
  'FORBIDDEN',
  /**
   * 403: this person cannot be written to (a block either way, a declined request, their "who can message me"
   * setting). One neutral message for every reason, so the sender never learns which.
   */
  'MESSAGE_NOT_ALLOWED',
  /**
   * 403: the caller blocked this person, and must unblock them first (accepting their message request). Said only
   * to the one who blocked: whether the other person blocked the caller is never told.
   */
  'UNBLOCK_FIRST',
  /** 403: advice cannot be sent on this post (its author turned advice off, or a block either way); one neutral message. */
  'ADVICE_NOT_ALLOWED',
  /** 403: a moderator suspended this account until `suspended_until`; reading and signing in still work. */
  'SUSPENDED',
  /** 404: an unknown id. */
  'NOT_FOUND',
  /** 404: no such API path. */
  'ROUTE_NOT_FOUND',
  /** 405, 406, 411, 413, 415…: the HTTP framing of the request is refused. */
  'UNSUPPORTED_REQUEST',
  /** 410: the QR code expired, or was already approved or used. */
  'QR_EXPIRED',
  /** 419: a cookie-authenticated change without the page's CSRF token. */
  'CSRF',
  /** 422: invalid input; `errors` names each bad field. */
  'VALIDATION',
  /** 422: wrong username, email or password. */
  'INVALID_CREDENTIALS',
  /** 422: the same user already wrote a post or mood with the same content. */
  'DUPLICATE',
  /** 422: the user already reported this item. */
  'ALREADY_REPORTED',
  /** 422: this removal was already appealed (one appeal per removal). */
  'ALREADY_APPEALED',
  /** 422: a moderator asked to lift a suspension the person is not under. */
  'NOT_SUSPENDED',
  /** 422: a moderator asked to suspend a person already suspended (lift it first to set another length). */
  'ALREADY_SUSPENDED',
  /**
   * 422: a push subscription that cannot be used (an endpoint that is not https, keys that are not a P-256 public
   * key and a 16-byte secret); `errors` names each bad field.
   */
  'MALFORMED',
  /** 429: 5 posts in the last 24 hours; `retry_at` says when the next one may be written. */
  'POST_LIMIT',
  /** 429: as many topics, moods, thoughts or comments as core/limits.ts WRITE_LIMITS allow in their window; `retry_at` as above. */
  'WRITE_LIMIT',
  /** 429: less than 30 minutes since the user's last post in this topic; `retry_at` as above. */
  'TOPIC_INTERVAL',
  /** 429: too many wrong passwords for this account (by any of its names) or address; `retry_at` as above. */
  'LOGIN_THROTTLED',
  /** 429: too many requests from this address. */
  'RATE_LIMITED',
  /** 500: a server fault, logged with the request id. */
  'SERVER_ERROR',
  /** 503: the database does not answer (down, unreachable, overloaded); the same request may succeed in a moment. */
  'UNAVAILABLE',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];
