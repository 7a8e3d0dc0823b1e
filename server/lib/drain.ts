/**
 * Graceful shutdown waits for the requests in flight before anything closes. Fastify's own close() would do that
 * for the HTTP connections, but from its first moment it refuses new routing, in-process calls included: a page
 * still rendering loses the API calls its loaders make next, and work finishing late meets a closed pool. So the
 * server first stops taking connections and lets every request it holds finish, pages and their calls included;
 * only then does close() run (sockets, Redis, the database).
 */
import type { FastifyInstance } from 'fastify';

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
      // No new connections; idle keep-alive ones close now. Fastify's close() later finds the server stopped.
      app.server.close();
      if (inFlight > 0) await new Promise<void>((resolve) => (idle = resolve));
    },
  };
}
