/**
 * QR sign-in: a signed-out device shows a code, a signed-in phone approves it, and the waiting device
 * collects a session token for the approving user exactly once. Only the code's SHA-256 digest is stored.
 */
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../../db/client.ts';
import { qrLogins } from '../../../db/schema.ts';
import { AppError, NotFound } from '../../errors.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import { issueToken } from '../auth/service.ts';
import { findUser, type UserRow } from '../users/service.ts';

/** How long a shown code can be approved (API.md: 2 minutes). */
export const QR_TTL_MS = 2 * 60 * 1000;
/** After approval the waiting device has at least this long to collect its session. */
export const QR_COLLECT_MS = 60 * 1000;
/** Rows this long past their expiry are deleted when new codes are made. */
const QR_PURGE_AFTER_MS = 60 * 60 * 1000;

/** 410: the code expired, or was already approved or used. */
export class QrGone extends AppError {
  constructor() {
    super(410, 'QR_EXPIRED', { key: 'errors.qr_expired' });
  }
}

export interface CreatedQr {
  token: string;
  tokenHash: string;
  /** The page a signed-in phone opens to approve. */
  url: string;
  /** data: URL of an SVG image of `url`. */
  image: string;
  expiresAt: Date;
}

/** The page path a code's image points to (API.md: `/qr/{qrToken}` of the same host). */
export const qrPath = (token: string) => `/qr/${encodeURIComponent(token)}`;

export async function createQr(db: Db, origin: string, now = new Date()): Promise<CreatedQr> {
  const token = newToken();
  const tokenHash = hashToken(token);
  const expiresAt = new Date(now.getTime() + QR_TTL_MS);
  await db.delete(qrLogins).where(lt(qrLogins.expiresAt, new Date(now.getTime() - QR_PURGE_AFTER_MS)));
  await db.insert(qrLogins).values({ tokenHash, expiresAt });
  const url = `${origin.replace(/\/$/, '')}${qrPath(token)}`;
  // Loaded on the first QR code, not at start: most processes never draw one (decision 033's idle memory).
  const { default: QRCode } = await import('qrcode');
  const svg = await QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { token, tokenHash, url, image: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`, expiresAt };
}

/**
 * Approves a code for the signed-in user. Only a code that is live, unapproved and unused can be approved;
 * the one UPDATE makes two approvals of the same code impossible. Returns the code's digest (the realtime room).
 */
export async function approveQr(db: DbOrTx, token: string, userId: number, now = new Date()): Promise<string> {
  const tokenHash = hashToken(token);
  const [row] = await db
    .update(qrLogins)
    .set({
      approvedUserId: userId,
      approvedAt: now,
      expiresAt: sql`greatest(${qrLogins.expiresAt}, ${new Date(now.getTime() + QR_COLLECT_MS).toISOString()}::timestamptz)`,
    })
    .where(
      and(eq(qrLogins.tokenHash, tokenHash), isNull(qrLogins.approvedUserId), isNull(qrLogins.consumedAt), gt(qrLogins.expiresAt, now)),
    )
    .returning({ id: qrLogins.id });
  if (row) return tokenHash;
  const [known] = await db.select({ id: qrLogins.id }).from(qrLogins).where(eq(qrLogins.tokenHash, tokenHash));
  throw known ? new QrGone() : new NotFound({ key: 'errors.qr_not_found' });
}

/**
 * Whether a code can still be approved, without approving or collecting it (the approving page asks before it offers
 * Approve): 404 unknown, 410 expired, approved or used, as approveQr would answer.
 */
export async function assertQrPending(db: DbOrTx, token: string, now = new Date()): Promise<void> {
  const [row] = await db
    .select({ expiresAt: qrLogins.expiresAt, approvedUserId: qrLogins.approvedUserId, consumedAt: qrLogins.consumedAt })
    .from(qrLogins)
    .where(eq(qrLogins.tokenHash, hashToken(token)));
  if (!row) throw new NotFound({ key: 'errors.qr_not_found' });
  if (row.approvedUserId !== null || row.consumedAt !== null || row.expiresAt <= now) throw new QrGone();
}

export type QrCheck = { status: 'pending' } | { status: 'expired' } | { status: 'approved'; token: string; user: UserRow };

/**
 * What the waiting device learns. An approved code hands out a new session token once: the single
 * UPDATE … WHERE consumed_at IS NULL RETURNING decides which of several concurrent calls gets it.
 * Unknown, expired and used codes all read as expired.
 */
export async function checkQr(db: Db, token: string, now = new Date()): Promise<QrCheck> {
  const tokenHash = hashToken(token);
  const [claimed] = await db
    .update(qrLogins)
    .set({ consumedAt: now })
    .where(
      and(
        eq(qrLogins.tokenHash, tokenHash),
        sql`${qrLogins.approvedUserId} is not null`,
        isNull(qrLogins.consumedAt),
        gt(qrLogins.expiresAt, now),
      ),
    )
    .returning({ userId: qrLogins.approvedUserId });
  if (claimed?.userId) {
    const user = await findUser(db, claimed.userId);
    // The approving account was erased between approval and collection.
    if (!user) return { status: 'expired' };
    return { status: 'approved', token: await issueToken(db, user.id), user };
  }
  const [row] = await db
    .select({ expiresAt: qrLogins.expiresAt, approvedUserId: qrLogins.approvedUserId, consumedAt: qrLogins.consumedAt })
    .from(qrLogins)
    .where(eq(qrLogins.tokenHash, tokenHash));
  if (row && !row.consumedAt && !row.approvedUserId && row.expiresAt > now) return { status: 'pending' };
  return { status: 'expired' };
}
