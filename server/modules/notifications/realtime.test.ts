/** Notifications as they travel: the `notification` event to the recipient's sockets, seen marks to every tab, and no message notification for the conversation on screen. */
import type { AddressInfo } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventPayload, ServerEvent } from '../../../core/realtime.ts';
import { createTestApp, type Guest, signInGuest, type TestApp } from '../../../tests/helpers/app.ts';

let t: TestApp;
let url: string;
const sockets: Socket[] = [];
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await t.close();
});

async function socketOf(g: Guest): Promise<Socket> {
  const socket = connect(url, { auth: { token: g.token }, transports: ['websocket'], reconnection: false });
  sockets.push(socket);
  await new Promise((resolve, reject) => {
    socket.on('connect', () => resolve(undefined));
    socket.on('connect_error', reject);
  });
  const ours = () => t.app.realtime.io.in(`user:${g.id}`).fetchSockets();
  while (!(await ours()).some((s) => s.id === socket.id));
  return socket;
}

const nextEvent = <E extends ServerEvent>(socket: Socket, event: E) =>
  new Promise<EventPayload<E>>((resolve) => {
    const name: string = event;
    socket.once(name, resolve);
  });

const long = `${'Some evenings the quiet in the flat is louder than any noise, and I do not know what to do. '.repeat(3)}`;

describe('notifications in realtime', () => {
  it('sends the notification to each of the recipient’s sockets, in their language, and seen marks to every tab', async () => {
    const author = await signInGuest(t.app, 'es');
    const b = await signInGuest(t.app);
    // The first post earns an achievement: its notification would race the support's to the sockets.
    expect((await t.call(author, 'PUT', '/api/notification-settings', { kinds: { achievement: false } })).status).toBe(200);
    const [tab1, tab2] = [await socketOf(author), await socketOf(author)];
    const post = (await t.call(author, 'POST', '/api/posts', { content: long })).body.data;
    const [got1, got2] = [nextEvent(tab1, 'notification'), nextEvent(tab2, 'notification')];
    expect((await t.call(b, 'POST', '/api/supports', { post_id: post.id })).status).toBe(200);
    const [n1, n2] = await Promise.all([got1, got2]);
    expect(n1).toEqual(n2);
    expect(n1).toMatchObject({
      type: 'support',
      seen: false,
      data: { text: `${b.nickname} apoyó tu publicación`, url: `/problem/${post.id}`, actor_count: 1, item: { kind: 'post', id: post.id } },
    });
    const cleared = [nextEvent(tab1, 'notifications:seen'), nextEvent(tab2, 'notifications:seen')];
    expect((await t.call(author, 'POST', '/api/notifications-seen', { ids: [n1.id] })).body).toEqual({ unseen_count: 0 });
    expect(await Promise.all(cleared)).toEqual([{ unseen_count: 0 }, { unseen_count: 0 }]);
  });

  it('a block takes what the other person caused out of the blocker’s bell at once, never the blocked person’s as it happens, and an unblock brings it back', async () => {
    const [a, b, c] = await Promise.all([signInGuest(t.app), signInGuest(t.app), signInGuest(t.app)]);
    expect((await t.call(b, 'POST', '/api/messages', { user_id: a.id, content: 'Hello there.' })).status).toBe(201);
    // Something unseen for b from someone else, so that a count sent at the block would differ from b's own after it.
    expect((await t.call(c, 'POST', '/api/messages', { user_id: b.id, content: 'Hi b.' })).status).toBe(201);
    await t.app.jobs.idle();
    const [aTab, bTab] = [await socketOf(a), await socketOf(b)];
    const bHeard: unknown[] = [];
    bTab.on('notifications:seen', (e: unknown) => bHeard.push(e));
    const blocked = nextEvent(aTab, 'notifications:seen');
    expect((await t.call(a, 'POST', '/api/blocks', { user_id: b.id })).status).toBe(200);
    expect(await blocked).toEqual({ unseen_count: 0 });
    // b's tab hears only its own call after the block (events reach a socket in order): nothing was sent at the block.
    expect((await t.call(b, 'POST', '/api/notifications-seen', {})).body).toEqual({ unseen_count: 0 });
    await expect.poll(() => bHeard.at(-1)).toEqual({ unseen_count: 0 });
    expect(bHeard).toEqual([{ unseen_count: 0 }]);
    const unblocked = nextEvent(aTab, 'notifications:seen');
    expect((await t.call(a, 'DELETE', `/api/blocks/${b.id}`)).status).toBe(200);
    expect(await unblocked).toEqual({ unseen_count: 1 });
  });

  it('no message notification while one of the recipient’s tabs shows that conversation', async () => {
    const [a, b] = await Promise.all([signInGuest(t.app), signInGuest(t.app)]);
    const first = await t.call(b, 'POST', '/api/messages', { user_id: a.id, content: 'Hello there.' });
    const conversation = first.body.data.conversation_id as number;
    await t.app.jobs.idle();
    // Seen, so that a message that grew the notification would show as unseen again.
    expect((await t.call(a, 'POST', '/api/notifications-seen', {})).body).toEqual({ unseen_count: 0 });
    const tab = await socketOf(a);
    // The server hears which conversation is on screen; the ack-less event is followed by a round trip to be sure.
    tab.emit('conversation:viewing', conversation);
    await new Promise<void>((resolve) => {
      const check = async () => {
        const [s] = await t.app.realtime.io.in(`user:${a.id}`).fetchSockets();
        if (s?.data.viewing === conversation) resolve();
        else setImmediate(check);
      };
      void check();
    });
    await t.call(b, 'POST', '/api/messages', { conversation_id: conversation, content: 'Are you there?' });
    await t.app.jobs.idle();
    const list = (await t.call(a, 'GET', '/api/notifications-received')).body;
    // The first message's notification, not touched by the second.
    expect(list.meta).toMatchObject({ total: 1, unseen_count: 0 });
    expect(list.data[0]).toMatchObject({ seen: true, data: { text: `${b.nickname} sent you a message` } });
    const before = list.data[0].created_at as string;

    tab.emit('conversation:viewing', null);
    await new Promise<void>((resolve) => {
      const check = async () => {
        const [s] = await t.app.realtime.io.in(`user:${a.id}`).fetchSockets();
        if (s && s.data.viewing === undefined) resolve();
        else setImmediate(check);
      };
      void check();
    });
    const got = nextEvent(tab, 'notification');
    await t.call(b, 'POST', '/api/messages', { conversation_id: conversation, content: 'Write when you can.' });
    expect(await got).toMatchObject({ id: list.data[0].id, seen: false, data: { text: `${b.nickname} sent you a message` } });
    expect((await got).created_at > before).toBe(true);
  });
});
