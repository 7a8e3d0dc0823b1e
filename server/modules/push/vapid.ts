/**
 * The server's VAPID identity for Web Push: the key pair from the environment, else the one kept in the database,
 * else a new one. Two processes starting at once on an empty database each make a pair; the row's fixed id lets
 * only the first insert land, and both then read that one back, so every process signs with the same key.
 */
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { vapidKeys } from '../../../db/schema.ts';
import type { Config } from '../../config.ts';

export interface Vapid {
  publicKey: string;
  privateKey: string;
  subject: string;
}

/** web-push (and Apple's push service) want an https: or mailto: contact; a plain-http origin gives a mailto: on its host. */
export function vapidSubject(config: Pick<Config, 'VAPID_SUBJECT'>, publicOrigin: string): string {
  if (config.VAPID_SUBJECT) return config.VAPID_SUBJECT;
  const origin = new URL(publicOrigin);
  return origin.protocol === 'https:' ? origin.origin : `mailto:webmaster@${origin.hostname}`;
}

export async function loadVapid(
  db: DbOrTx,
  config: Pick<Config, 'VAPID_PUBLIC_KEY' | 'VAPID_PRIVATE_KEY' | 'VAPID_SUBJECT'>,
  publicOrigin: string,
): Promise<Vapid> {
  const subject = vapidSubject(config, publicOrigin);
  if (config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY) {
    return { publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY, subject };
  }
  const [kept] = await db.select().from(vapidKeys).where(eq(vapidKeys.id, 1));
  if (kept) return { publicKey: kept.publicKey, privateKey: kept.privateKey, subject };
  // web-push is loaded when first needed, not at start (decision 033's idle memory).
  const { default: webPush } = await import('web-push');
  const made = webPush.generateVAPIDKeys();
  await db.insert(vapidKeys).values({ id: 1, publicKey: made.publicKey, privateKey: made.privateKey }).onConflictDoNothing();
  const [row] = await db.select().from(vapidKeys).where(eq(vapidKeys.id, 1));
  return { publicKey: row.publicKey, privateKey: row.privateKey, subject };
}
