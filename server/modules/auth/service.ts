/** Sign-in: guest accounts, password login, and the bearer tokens that prove it. */
import { randomBytes, randomInt } from 'node:crypto';
import { and, eq, gt, ne, or, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../../db/client.ts';
import { avatars, tokens, users } from '../../../db/schema.ts';
import { Invalid, Rejected } from '../../errors.ts';
import type { Counter } from '../../lib/counter.ts';
import { checkPassword, hashPassword } from '../../lib/password.ts';
import { prepared } from '../../lib/prepared.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import { findUser, makeNickname, type UserRow, userColumns } from '../users/service.ts';

/** A token outlives the 7-day cookie so that mobile clients are not signed out weekly. */
const TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;

export async function issueToken(db: DbOrTx, userId: number): Promise<string> {
  const token = newToken();
  await db.insert(tokens).values({ userId, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + TOKEN_TTL_MS) });
  return token;
}

/** The user a token belongs to, while it is valid: one prepared statement, as it runs before every signed-in call. */
export async function userForToken(db: DbOrTx, token: string): Promise<UserRow | null> {
  const [row] = await prepared(db, 'user_for_token', (name) =>
    db
      .select(userColumns)
      .from(tokens)
      .innerJoin(users, eq(users.id, tokens.userId))
      .leftJoin(avatars, eq(avatars.id, users.avatarId))
      .where(and(eq(tokens.tokenHash, sql.placeholder('hash')), gt(tokens.expiresAt, sql`now()`)))
      .prepare(name),
  ).execute({ hash: hashToken(token) });
  return row ?? null;
}

export async function revokeToken(db: DbOrTx, token: string): Promise<void> {
  await db.delete(tokens).where(eq(tokens.tokenHash, hashToken(token)));
}

function generateUsername(): string {
  // Readable, unguessable enough, and never derived from anything personal.
  const alphabet = 'abcdefghijkmnpqrstuvwxyz23456789';
  let s = '';
  for (const b of randomBytes(8)) s += alphabet[b % alphabet.length];
  return `guest_${s}`;
}

/** Creates an anonymous account with a generated username, a nickname in the visitor's language and an avatar. */
export async function createGuest(db: Db, locale: string): Promise<{ token: string; user: UserRow }> {
  return db.transaction(async (tx) => {
    const avatarRows = await tx.select({ id: avatars.id }).from(avatars);
    const avatarId = avatarRows.length ? avatarRows[randomInt(avatarRows.length)].id : null;
    const [created] = await tx
      .insert(users)
      // The app's clock, as the account's age is read against it (moderation's fromNewAccount) and tests move it.
      .values({ username: generateUsername(), nickname: await makeNickname(tx, locale), avatarId, locale, createdAt: new Date() })
      .returning({ id: users.id });
    const token = await issueToken(tx, created.id);
    const user = await findUser(tx, created.id);
    return { token, user: user as UserRow };
  });
}

/** Password sign-in by username or email. Unknown user and wrong password give the same answer in the same time. */
export async function login(
  db: Db,
  counter: Counter,
  input: { identifier: string; password: string; ip: string },
): Promise<{ token: string; user: UserRow }> {
  const ident = input.identifier.toLowerCase();
  const [row] = await db
    .select({ id: users.id, passwordHash: users.passwordHash })
    .from(users)
    .where(or(eq(sql`lower(${users.username})`, ident), eq(sql`lower(${users.email})`, ident)));
  // An unknown identifier is counted under its own name, so probing it is limited as a real account is.
  const account = row ? `user:${row.id}` : `unknown:${ident}`;
  const ok = await checkPassword(counter, { account, ip: input.ip, password: input.password, hash: row?.passwordHash ?? null });
  if (!row || !ok) throw new Rejected('INVALID_CREDENTIALS', { key: 'errors.login_failed' });
  const token = await issueToken(db, row.id);
  return { token, user: (await findUser(db, row.id)) as UserRow };
}

/**
 * Sets or changes the password. A wrong current password counts as a failed sign-in of the account. Every other
 * session of the account ends with it (whoever knew the old password is signed out); the answer is the digests of
 * the revoked tokens, whose sockets the caller disconnects.
 */
export async function changePassword(
  db: Db,
  counter: Counter,
  session: { user: UserRow; token: string; ip: string },
  input: { current_password?: string; password: string; password_confirmation: string },
): Promise<string[]> {
  const { user } = session;
  if (input.password !== input.password_confirmation) {
    throw new Invalid({ password_confirmation: { key: 'validation.password_confirmation' } });
  }
  if (user.passwordHash) {
    if (!input.current_password) throw new Invalid({ current_password: { key: 'validation.required' } });
    const attempt = { account: `user:${user.id}`, ip: session.ip, password: input.current_password, hash: user.passwordHash };
    if (!(await checkPassword(counter, attempt))) throw new Invalid({ current_password: { key: 'validation.current_password' } });
  }
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, user.id));
    const revoked = await tx
      .delete(tokens)
      .where(and(eq(tokens.userId, user.id), ne(tokens.tokenHash, hashToken(session.token))))
      .returning({ tokenHash: tokens.tokenHash });
    return revoked.map((r) => r.tokenHash);
  });
}
