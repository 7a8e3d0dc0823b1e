/**
 * The drainer's count of in-process calls: a page may answer before the API calls it started have (a render that
 * stops before all its loaders have answered), and shutdown must wait for those calls too, or they meet a closed
 * pool. (server/drain.test.ts runs the whole server through SIGTERM under load.)
 */
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { drainer } from './drain.ts';

describe('drainer', () => {
  it('waits for an in-process call that outlives the page that made it', async () => {
    const app = Fastify();
    const inFlight = drainer(app);
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let call: Promise<{ statusCode: number; body: string }> | null = null;
    app.get('/api/slow', async () => {
      await held;
      return { done: true };
    });
    app.get('/page', async () => {
      // Not awaited, as a loader left behind by an aborted render is not.
      call = app.inject({ method: 'GET', url: '/api/slow' });
      return 'page';
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    expect(await (await fetch(`http://127.0.0.1:${port}/page`)).text()).toBe('page');

    let drained = false;
    const draining = inFlight.drain().then(() => {
      drained = true;
    });
    // Turns of the event loop enough for drain() to pass every check it makes (it waits a few itself).
    for (let i = 0; i < 20; i++) await new Promise((resolve) => setImmediate(resolve));
    expect(drained).toBe(false);

    release();
    await draining;
    expect(drained).toBe(true);
    const answered = await (call as unknown as Promise<{ statusCode: number; body: string }>);
    expect([answered.statusCode, answered.body]).toEqual([200, '{"done":true}']);
    await app.close();
  });
});
