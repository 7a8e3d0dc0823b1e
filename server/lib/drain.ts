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
 *
 * A request is done when its connection lets go of it after its answer. A client that goes away first closes the
 * response while the handler may still be at work (reading the database, rendering a page); that request is done
 * when the handler gives its answer to Fastify (onSend), which it does whether or not anyone is left to read it.
 * A hijacked reply never reaches onSend (the development server's pages): it is given up on after a while.
 *
 * A page's in-process calls (its loaders' app.inject) are requests too, counted from their routing to their answer:
 * a page may end before its calls do (a render that stops before all its loaders have answered), and
 * those calls would otherwise meet a closed pool.
 */
import { IncomingMessage } from 'node:http';
import { Server } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** Turns of the event loop that take in what had arrived: one accepts connections, the next reads them. */
const TURNS = 3;
/** How long a request whose client went away may keep shutdown waiting without reaching onSend (a hijacked reply). */
const HIJACKED_GRACE_MS = 5_000;

async function turns() {
  for (let i = 0; i < TURNS; i++) await new Promise((resolve) => setImmediate(resolve));
}

export function drainer(app: FastifyInstance): { drain(): Promise<void> } {
  let inFlight = 0;
  let draining = false;
  let idle: (() => void) | null = null;
  /** Requests whose client went away before the answer, with what ends them once the handler answers. */
  const unanswered = new WeakMap<IncomingMessage, () => void>();
  /** In-process calls being answered (light-my-request's requests are not Node's IncomingMessage). */
  const inProcess = new WeakSet<FastifyRequest>();
  // Node's own request event: only requests that came over the network, not the in-process ones they make.
  app.server.on('request', (req, res) => {
    // A socket.io long-poll is held open until the session ends, which close() does (the realtime plugin's preClose).
    if (req.url?.startsWith('/socket.io/')) return;
    inFlight++;
    // Told before the answer, so a keep-alive client opens its next connection elsewhere.
    if (draining) res.setHeader('connection', 'close');
    res.once('close', () => {
      // Headers go out only with the answer, so a response that has them was answered, even if cut off mid-body.
      if (res.headersSent) return finished();
      const timer = setTimeout(finished, HIJACKED_GRACE_MS);
      unanswered.set(req, () => {
        clearTimeout(timer);
        finished();
      });
    });
  });
  function finished() {
    inFlight--;
    if (inFlight === 0) idle?.();
  }
  app.addHook('onRequest', (request, _reply, done) => {
    if (!(request.raw instanceof IncomingMessage)) {
      inProcess.add(request);
      inFlight++;
    }
    done();
  });
  app.addHook('onResponse', (request, _reply, done) => {
    if (inProcess.delete(request)) finished();
    done();
  });
  app.addHook('onSend', (request, _reply, payload, done) => {
    const end = unanswered.get(request.raw);
    if (end) {
      unanswered.delete(request.raw);
      end();
    }
    done(null, payload);
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
