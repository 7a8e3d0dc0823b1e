/**
 * One push to one person, on every device they subscribed (issue 15 contract). It is for the person who is away:
 * nothing is sent while they have the app open (a socket in their room on any process, asked through the socket.io
 * adapter) or inside their quiet hours. It never throws and never waits longer than `timeoutMs` per push service,
 * so a slow or failing service cannot hold up whoever called it; a service that says the subscription is gone
 * (404, 410) ends it at once.
 */
import { createHash } from 'node:crypto';
import { lookup } from 'node:dns/promises';
import { BlockList } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { localizedPath } from '../../../core/locales.ts';
import type { NotificationType } from '../../../core/notifications.ts';
import type { DbOrTx } from '../../../db/client.ts';
import { pushSettings, pushSubscriptions, users } from '../../../db/schema.ts';
import { inQuietHours } from './quiet-hours.ts';
import type { Vapid } from './vapid.ts';

export interface PushPayload {
  type: NotificationType;
  /** In the recipient's language, as `body`. */
  title: string;
  body: string;
  /** A path without the locale, e.g. "/problem/12". */
  url: string;
  /** Collapses pushes about one item: the notification's tag on the device and the Web Push Topic. */
  tag: string;
  lang: string;
  dir: 'ltr' | 'rtl';
}

export type PushResult = 'sent' | 'skipped' | 'failed';

export interface PushDeps {
  db: DbOrTx;
  vapid: Vapid;
  /** socket.io's server: `in(room).fetchSockets()` counts the sockets of every process (Redis adapter). */
  sockets: { in(room: `user:${number}`): { fetchSockets(): Promise<unknown[]> } };
  /** The longest wait for one push service, and for the other processes' socket count. */
  timeoutMs: number;
  log?: { warn(obj: object, msg: string): void };
  /** Tests' push services listen on http://127.0.0.1 (service.ts checkSubscription). */
  allowLoopback?: boolean;
}

/** Where no push service is: this machine, its private networks, link-local (cloud metadata) and shared addresses. */
const PRIVATE = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['224.0.0.0', 3],
] as const)
  PRIVATE.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 127],
  ['::ffff:0:0', 96],
  ['64:ff9b::', 96],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  PRIVATE.addSubnet(net, bits, 'ipv6');

/**
 * Whether every address the endpoint's name resolves to is a public one. A subscription's name is checked when it
 * is saved, but a public-looking name can resolve to this machine or its network (127.0.0.1.nip.io): the push
 * must not become the server's request into its own network.
 */
async function publicAddresses(hostname: string): Promise<boolean> {
  const addresses = await lookup(hostname.replace(/^\[|\]$/g, ''), { all: true, verbatim: true });
  return addresses.length > 0 && addresses.every((a) => !PRIVATE.check(a.address, a.family === 6 ? 'ipv6' : 'ipv4'));
}

export const PUSH_TIMEOUT_MS = 5_000;
/** A day: the bell keeps the notification; a push about a support days old would only be noise on the lock screen. */
const TTL_SECONDS = 24 * 60 * 60;
/** Web Push Topic: at most 32 characters of the base64url alphabet (RFC 8030 §5.4). */
const TOPIC_SAFE = /^[A-Za-z0-9_-]{1,32}$/;
/** Encrypted records carry at most 4,096 bytes; 3,000 of JSON leaves room for the framing with any text. */
const MAX_PAYLOAD_BYTES = 3_000;

/** The tag as a Topic: itself when it already is one, else a digest, so the same tag always gives the same topic. */
export function topicOf(tag: string): string {
  return TOPIC_SAFE.test(tag) ? tag : createHash('sha256').update(tag).digest('base64url').slice(0, 32);
}

function urgencyOf(type: NotificationType): 'high' | 'normal' | 'low' {
  if (type === 'message') return 'high';
  if (type === 'achievement' || type === 'comment_vote') return 'low';
  return 'normal';
}

/** Only a path of this site: the service worker opens it, and a push must never send anyone elsewhere. */
function sitePath(url: string): string {
  return url.startsWith('/') && !url.startsWith('//') && !url.includes('\\') ? url : '/';
}

/** The JSON the service worker shows, its body shortened (whole characters) until it fits one record. */
export function payloadJson(payload: PushPayload, locale: string): string {
  const message = {
    type: payload.type,
    title: payload.title,
    body: payload.body,
    url: localizedPath(locale, sitePath(payload.url)),
    tag: payload.tag,
    lang: payload.lang,
    dir: payload.dir,
  };
  let json = JSON.stringify(message);
  let chars = Array.from(message.body);
  while (Buffer.byteLength(json) > MAX_PAYLOAD_BYTES && chars.length > 0) {
    chars = chars.slice(0, Math.floor(chars.length / 2));
    json = JSON.stringify({ ...message, title: Array.from(message.title).slice(0, 200).join(''), body: `${chars.join('')}…` });
  }
  return json;
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('timed out')), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

type Outcome = 'sent' | 'gone' | 'failed';

async function sendOne(deps: PushDeps, sub: { endpoint: string; p256dh: string; auth: string }, json: string, payload: PushPayload) {
  const url = new URL(sub.endpoint);
  const testService = deps.allowLoopback && url.protocol === 'http:' && url.hostname === '127.0.0.1';
  // Not a push service, and never will be: the subscription ends.
  if (!testService && !(await publicAddresses(url.hostname))) return 'gone' as const;
  // web-push is loaded with the first push, not at start (decision 033's idle memory).
  const { default: webPush } = await import('web-push');
  const details = webPush.generateRequestDetails({ endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } }, json, {
    TTL: TTL_SECONDS,
    urgency: urgencyOf(payload.type),
    topic: topicOf(payload.tag),
    vapidDetails: deps.vapid,
  });
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(details.headers)) {
    // fetch measures the body itself.
    if (name.toLowerCase() !== 'content-length') headers[name] = String(value);
  }
  const res = await fetch(details.endpoint, {
    method: 'POST',
    headers,
    body: details.body ? new Uint8Array(details.body) : null,
    redirect: 'error',
    signal: AbortSignal.timeout(deps.timeoutMs),
  });
  await res.body?.cancel();
  if (res.status === 404 || res.status === 410) return 'gone' as const;
  return res.ok ? ('sent' as const) : ('failed' as const);
}

export async function deliverPush(deps: PushDeps, userId: number, payload: PushPayload): Promise<PushResult> {
  try {
    const subs = await deps.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
    if (subs.length === 0) return 'skipped';
    const sockets = await withTimeout(deps.sockets.in(`user:${userId}`).fetchSockets(), deps.timeoutMs).catch((err: Error) => {
      // Unknown presence (Redis away, another process silent): a push the person may not need beats one they miss.
      deps.log?.warn({ reason: err.message }, 'push: could not count the open sockets');
      return [];
    });
    if (sockets.length > 0) return 'skipped';
    const [person] = await deps.db
      .select({ locale: users.locale, from: pushSettings.quietFrom, to: pushSettings.quietTo, zone: pushSettings.timeZone })
      .from(users)
      .leftJoin(pushSettings, eq(pushSettings.userId, users.id))
      .where(eq(users.id, userId));
    if (!person) return 'skipped';
    if (person.from && person.to && person.zone && inQuietHours({ from: person.from, to: person.to, time_zone: person.zone }, new Date())) {
      return 'skipped';
    }
    const json = payloadJson(payload, person.locale);
    const outcomes = await Promise.all(
      subs.map(async (sub): Promise<Outcome> => {
        try {
          const outcome = await sendOne(deps, sub, json, payload);
          if (outcome === 'gone') {
            await deps.db
              .delete(pushSubscriptions)
              .where(and(eq(pushSubscriptions.id, sub.id), eq(pushSubscriptions.endpoint, sub.endpoint)));
          }
          return outcome;
        } catch (err) {
          // The endpoint's host only: its path identifies the device.
          deps.log?.warn({ reason: (err as Error).message, host: new URL(sub.endpoint).host }, 'push: the push service did not take it');
          return 'failed';
        }
      }),
    );
    return outcomes.includes('sent') ? 'sent' : 'failed';
  } catch (err) {
    deps.log?.warn({ reason: (err as Error).message }, 'push: not delivered');
    return 'failed';
  }
}
