/**
 * Notifications under a burst (issue 15): one post supported by 1,000 people within a minute. How many notifications
 * and jobs it makes, how long until the last is delivered, and the queue's own throughput, on PGlite and on
 * PostgreSQL (BENCH_DATABASE_URL or TEST_DATABASE_URL; a throwaway database, dropped at the end).
 *
 *   npm run bench:notifications -- [--people 1000] [--concurrency 20] [--jobs 3000]
 *
 * The app is built as server/main.ts builds it (buildApp, its job queue started with it) and called in-process
 * (`inject`), `--concurrency` supports at a time (the pool has 8 connections). "Delivered" is the moment the last
 * notification event is emitted (the handler's own realtime emit). Throughput: `--jobs` empty jobs sent in
 * transactions of 100, timed from the first send until the queue is idle.
 */

import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { count, eq } from 'drizzle-orm';
import type { Notification } from '../core/notifications.ts';
import { type Database, openDatabase } from '../db/client.ts';
import { ensureReferenceData } from '../db/reference.ts';
import { notificationEvents, notifications, tokens, users } from '../db/schema.ts';
import { buildApp } from '../server/app.ts';
import { parseConfig } from '../server/config.ts';
import { hashToken, newToken } from '../server/lib/tokens.ts';
import { throwawayDatabase } from '../tests/helpers/throwaway-database.ts';

const { values: args } = parseArgs({
  options: {
    people: { type: 'string', default: '1000' },
    concurrency: { type: 'string', default: '8' },
    jobs: { type: 'string', default: '3000' },
  },
});
const PEOPLE = Number(args.people);
const CONCURRENCY = Number(args.concurrency);
const JOBS = Number(args.jobs);
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

async function people(database: Database, n: number) {
  const expiresAt = new Date(Date.now() + 24 * 60 * 60 * 1000);
  const out: { id: number; token: string }[] = [];
  for (let start = 0; start < n; start += 500) {
    const rows = await database.db
      .insert(users)
      .values(
        Array.from({ length: Math.min(500, n - start) }, (_, i) => ({
          username: `nb_${start + i}_${randomBytes(3).toString('hex')}`,
          nickname: `Person ${start + i}`,
        })),
      )
      .returning({ id: users.id });
    const made = rows.map((r) => ({ id: r.id, token: newToken() }));
    await database.db.insert(tokens).values(made.map((p) => ({ userId: p.id, tokenHash: hashToken(p.token), expiresAt })));
    out.push(...made);
  }
  return out;
}

async function measure(kind: 'pglite' | 'postgres', database: Database) {
  await database.migrate();
  await ensureReferenceData(database.db);
  const config = parseConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', RATE_LIMIT_MAX: '1000000' });
  const app = await buildApp({ config, database, logger: false });
  let ran = 0;
  app.jobs.work('noop', async () => {
    ran++;
  });
  // Every delivered notification passes through the realtime emit: the last one ends the clock.
  let lastDelivered = 0;
  let lastCount = 0;
  let deliveries = 0;
  const emit = app.realtime.toUser.bind(app.realtime);
  app.realtime.toUser = (userId) => {
    const room = emit(userId);
    const original = room.emit.bind(room);
    room.emit = ((event: string, payload: Notification) => {
      if (event === 'notification') {
        deliveries++;
        lastDelivered = performance.now();
        lastCount = payload.data.actor_count;
      }
      return (original as (event: string, payload: unknown) => boolean)(event, payload);
    }) as typeof room.emit;
    return room;
  };
  await app.ready();
  try {
    const [author, ...supporters] = await people(database, PEOPLE + 1);
    const made = await app.inject({
      method: 'POST',
      url: '/api/posts',
      headers: { authorization: `Bearer ${author.token}` },
      payload: {
        content: `${'The first winter away from home is harder than I thought it would be, and most evenings I do not know who to call. '.repeat(4)}`,
      },
    });
    if (made.statusCode !== 201) throw new Error(`the post was refused: ${made.statusCode} ${made.body}`);
    const postId = made.json().data.id as number;

    const start = performance.now();
    let next = 0;
    let failed = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < supporters.length) {
          const p = supporters[next++];
          const res = await app.inject({
            method: 'POST',
            url: '/api/supports',
            headers: { authorization: `Bearer ${p.token}` },
            payload: { post_id: postId },
          });
          if (res.statusCode !== 200 && failed++ === 0) console.error(`a support failed: ${res.statusCode} ${res.body}`);
        }
      }),
    );
    const written = performance.now();
    await app.jobs.idle(600_000);
    const idle = performance.now();
    const [{ n: notificationRows }] = await database.db
      .select({ n: count() })
      .from(notifications)
      .where(eq(notifications.userId, author.id));
    const [{ n: events }] = await database.db.select({ n: count() }).from(notificationEvents);
    const [row] = await database.db
      .select({ actors: notifications.actorCount })
      .from(notifications)
      .where(eq(notifications.userId, author.id));

    // Queue throughput on its own: empty jobs.
    const t0 = performance.now();
    for (let i = 0; i < JOBS; i += 100) {
      await database.db.transaction(async (tx) => {
        for (let j = i; j < Math.min(i + 100, JOBS); j++) await app.jobs.send(tx, 'noop', { j }, { key: `noop:${j}` });
      });
    }
    await app.jobs.idle(600_000);
    const t1 = performance.now();
    return {
      engine: `${kind} (${app.jobs.engine})`,
      supports: supporters.length - failed,
      'supports written in s': ((written - start) / 1000).toFixed(2),
      'notify jobs': Number(events),
      'notifications (rows)': Number(notificationRows),
      actor_count: row?.actors ?? 0,
      'last event counted': lastCount,
      'realtime events': deliveries,
      'last delivered after s': ((lastDelivered - start) / 1000).toFixed(2),
      'queue idle after s': ((idle - start) / 1000).toFixed(2),
      'delivery lag after last write ms': Math.round(lastDelivered - written),
      'noop jobs/s': Math.round(ran / ((t1 - t0) / 1000)),
    };
  } finally {
    await app.close();
    await database.close();
  }
}

console.log(`notifications bench: ${PEOPLE} supporters, ${CONCURRENCY} at a time; load average before: ${load()}`);
const rows = [await measure('pglite', await openDatabase({}))];
console.log(`pglite done; load average: ${load()}`);
const base = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (base) {
  const { url, drop } = await throwawayDatabase(base, 'bench_n');
  try {
    rows.push(await measure('postgres', await openDatabase({ url, poolSize: 8 })));
    console.log(`postgres done; load average: ${load()}`);
  } finally {
    await drop();
  }
}
console.table(rows);
console.log(`load average after: ${load()}`);
