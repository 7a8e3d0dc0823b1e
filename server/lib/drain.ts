/**
 * Graceful shutdown waits for the requests in flight before anything closes. Fastify's own close() would do that
 * for the HTTP connections, but from its first moment it refuses new routing, in-process calls included: a page
 * still rendering loses the API calls its loaders make next, and work finishing late meets a closed pool. So the
 * server first stops taking connections and lets every request it holds finish, pages and their calls included;
 * only then does close() run (sockets, Redis, the database).
 *
 * "Every request it holds" includes those it has not read yet: the signal can be handled in the same turn of the
 * event loop as connections waiting in the listen backlog and requests unread on open keep-alive connections (more of
 * them the longer a turn is, as with PGlite working on the main thread). Closing the listener or the idle connections
 * at once would reset those. So the listener closes only after a few turns, which accept the waiting connections and
 * read their requests, and the idle connections close only once a few turns in a row have brought no new request.
 */
import { Server } from 'node:net';
import type { FastifyInstance } from 'fastify';

/** Turns of the event loop that take in what had arrived: one accepts connections, the next reads them. */
const TURNS = 3;

async function turns() {
  for (let i = 0; i < TURNS; i++) await new Promise((resolve) => setImmediate(resolve));
}

export function drainer(app: FastifyInstance): { drain(): Promise<void> } {
  let inFlight = 0;
  let draining = false;
  let idle: (() => void) | null = null;
  // Node's own request event: only requests that came over the network, not the in-process ones they make.
  app.server.on('request', (req, res) => {
    // A socket.io long-poll is held open until the session ends, which close() does (the realtime plugin's preClose).
    if (req.url?.startsWith('/socket.io/')) return;
    inFlight++;
    // Told before the answer, so a keep-alive client opens its next connection elsewhere.
    if (draining) res.setHeader('connection', 'close');
    res.once('close', () => {
      inFlight--;
      if (inFlight === 0) idle?.();
    });
  });
  return {
    async drain() {
      draining = true;
      await turns();
      // No new connections; the open ones stay, each closing after its next answer (`connection: close`).
      // (http.Server's close() would also end the idle keep-alive ones now, with requests perhaps unread on them.)
      Server.prototype.close.call(app.server);
      for (;;) {
        if (inFlight > 0) await new Promise<void>((resolve) => (idle = resolve));
        await turns();
        if (inFlight === 0) break;
      }
      // Connections with nothing left to answer. Fastify's close() later finds the server stopped.
      app.server.closeIdleConnections();
    },
  };
}
