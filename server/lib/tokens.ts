/** Opaque bearer tokens: random, shown once, stored as SHA-256; the CSRF token is derived from the secret token. */
import { createHash, randomBytes } from 'node:crypto';

export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/** Only someone who holds the (httpOnly) auth cookie's value can compute this, which is what CSRF needs. */
export function csrfTokenFor(authToken: string): string {
  return createHash('sha256').update(`csrf:${authToken}`).digest('base64url');
}
