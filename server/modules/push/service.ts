/**
 * Push subscriptions and quiet hours. A subscription's endpoint is a URL the server will later POST to, so it is
 * held to what push services are: https on the default port at a host name (no address literals, no localhost),
 * which keeps a subscription from aiming the server at its own network. Tests run their push service on
 * 127.0.0.1 over http, allowed only when the app is built with `allowLoopback`.
 */
import { createECDH } from 'node:crypto';
import { and, desc, eq, notInArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { pushSettingsSchema, pushSubscriptionBodySchema } from '../../../core/schemas/push.ts';
import type { Db, DbOrTx } from '../../../db/client.ts';
import { pushSettings, pushSubscriptions } from '../../../db/schema.ts';
import { Invalid, type Msg } from '../../errors.ts';
import { isTimeZone, type QuietHours } from './quiet-hours.ts';

/** Devices (browsers) one person may receive pushes on; subscribing one more lets the oldest go. */
export const MAX_PUSH_SUBSCRIPTIONS = 10;

export type PushSubscriptionBody = z.infer<typeof pushSubscriptionBodySchema>;
export type PushSettings = z.infer<typeof pushSettingsSchema>;

const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;

function decode(value: string): Buffer | null {
  return BASE64URL.test(value) ? Buffer.from(value.replace(/=+$/, ''), 'base64url') : null;
}

const probe = createECDH('prime256v1');
probe.generateKeys();

/** A public key on P-256 (uncompressed point): what the payload is encrypted to. */
function isP256Point(key: Buffer): boolean {
  if (key.length !== 65 || key[0] !== 4) return false;
  try {
    // ECDH with a point off the curve throws: the same check the encryption would fail on later.
    probe.computeSecret(key);
    return true;
  } catch {
    return false;
  }
}

const IP_LITERAL = /^(\d{1,3}(\.\d{1,3}){3}|\[[0-9a-f:.]+\])$/i;
/** Special-use names (RFC 6761, 6762, 8375) and the cloud providers' internal one. */
const LOCAL_NAMES = ['localhost', 'local', 'internal', 'home.arpa'];

function endpointProblem(endpoint: string, allowLoopback: boolean): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return true;
  }
  if (url.username || url.password) return true;
  if (allowLoopback && url.protocol === 'http:' && url.hostname === '127.0.0.1') return false;
  if (url.protocol !== 'https:' || url.port !== '') return true;
  // "localhost." is localhost: the name without its final dots. Names of this machine and of private networks are
  // refused here; one that only resolves to such an address is refused when a push is sent (deliver.ts).
  let host = url.hostname.toLowerCase();
  while (host.endsWith('.')) host = host.slice(0, -1);
  return !host.includes('.') || IP_LITERAL.test(host) || LOCAL_NAMES.some((name) => host === name || host.endsWith(`.${name}`));
}

/** The subscription's rows, or 422 MALFORMED naming each field that cannot be used. */
export function checkSubscription(body: PushSubscriptionBody, allowLoopback: boolean) {
  const fields: Record<string, Msg> = {};
  if (endpointProblem(body.endpoint, allowLoopback)) fields.endpoint = { key: 'validation.invalid' };
  const p256dh = decode(body.keys.p256dh);
  if (!p256dh || !isP256Point(p256dh)) fields['keys.p256dh'] = { key: 'validation.invalid' };
  const auth = decode(body.keys.auth);
  if (auth?.length !== 16) fields['keys.auth'] = { key: 'validation.invalid' };
  if (Object.keys(fields).length > 0) throw new Invalid(fields, 'MALFORMED');
  return { endpoint: body.endpoint, p256dh: body.keys.p256dh, auth: body.keys.auth };
}

/**
 * Keeps the subscription for this person. An endpoint is one browser profile: subscribed again by someone else
 * (another account signed in on the same device), it is theirs now, so pushes never reach the previous account.
 */
export async function subscribe(db: Db, userId: number, body: PushSubscriptionBody, allowLoopback: boolean) {
  const row = checkSubscription(body, allowLoopback);
  await db.transaction(async (tx) => {
    await tx
      .insert(pushSubscriptions)
      .values({ userId, ...row })
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: { userId, p256dh: row.p256dh, auth: row.auth, createdAt: new Date() },
      });
    const kept = tx
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, userId))
      .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id))
      .limit(MAX_PUSH_SUBSCRIPTIONS);
    await tx.delete(pushSubscriptions).where(and(eq(pushSubscriptions.userId, userId), notInArray(pushSubscriptions.id, kept)));
  });
  return { endpoint: row.endpoint };
}

/** Idempotent; only the person's own subscription goes. */
/** Whether any browser of the person takes pushes: without one, no push job is worth enqueueing. */
export async function hasPushSubscription(db: DbOrTx, userId: number): Promise<boolean> {
  const [row] = await db.select({ id: pushSubscriptions.id }).from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId)).limit(1);
  return row !== undefined;
}

export async function unsubscribe(db: DbOrTx, userId: number, endpoint: string) {
  await db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
}

export async function getPushSettings(db: DbOrTx, userId: number): Promise<PushSettings> {
  const [row] = await db.select().from(pushSettings).where(eq(pushSettings.userId, userId));
  return { quiet_hours: row ? { from: row.quietFrom, to: row.quietTo, time_zone: row.timeZone } : null };
}

export async function putPushSettings(db: DbOrTx, userId: number, settings: PushSettings): Promise<PushSettings> {
  const quiet: QuietHours | null = settings.quiet_hours;
  if (!quiet) {
    await db.delete(pushSettings).where(eq(pushSettings.userId, userId));
    return { quiet_hours: null };
  }
  const fields: Record<string, Msg> = {};
  if (!isTimeZone(quiet.time_zone)) fields['quiet_hours.time_zone'] = { key: 'validation.invalid' };
  // An empty window would read as "always" to some and "never" to others.
  if (quiet.from === quiet.to) fields['quiet_hours.to'] = { key: 'validation.invalid' };
  if (Object.keys(fields).length > 0) throw new Invalid(fields);
  const values = { quietFrom: quiet.from, quietTo: quiet.to, timeZone: quiet.time_zone, updatedAt: new Date() };
  await db
    .insert(pushSettings)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: pushSettings.userId, set: values });
  return { quiet_hours: { from: quiet.from, to: quiet.to, time_zone: quiet.time_zone } };
}
