/**
 * A TCP proxy on 127.0.0.1 between the app and PostgreSQL or Redis that can fail the way networks do:
 * - `pass`: forwards both ways;
 * - `refuse`: nothing listens (connection refused) and the open connections are cut;
 * - `blackhole`: packets go nowhere and nothing is closed: connections stay open, new ones are accepted, and
 *   whatever either side sends is held, as the network would keep retransmitting it; `pass` delivers it all.
 */
import { once } from 'node:events';
import net from 'node:net';

export type Mode = 'pass' | 'refuse' | 'blackhole';

export interface FaultProxy {
  port: number;
  mode: Mode;
  set(mode: Mode): Promise<void>;
  /** Resolves when data from the app is held by the black hole (a query or command is on its way). */
  held(): Promise<void>;
  close(): Promise<void>;
}

interface Pair {
  client: net.Socket;
  upstream: net.Socket | null;
  /** Held while black-holed, per direction. */
  toUpstream: Buffer[];
  toClient: Buffer[];
}

export async function faultProxy(target: { host: string; port: number }): Promise<FaultProxy> {
  const pairs = new Set<Pair>();
  let mode: Mode = 'pass';
  let onHeld: (() => void)[] = [];

  const connectUpstream = (pair: Pair) => {
    const upstream = net.connect(target.port, target.host);
    pair.upstream = upstream;
    upstream.on('data', (chunk) => {
      if (mode === 'blackhole') pair.toClient.push(chunk);
      else pair.client.write(chunk);
    });
    upstream.on('error', () => pair.client.destroy());
    upstream.on('close', () => pair.client.destroy());
    for (const chunk of pair.toUpstream.splice(0)) upstream.write(chunk);
  };

  const server = net.createServer((client) => {
    const pair: Pair = { client, upstream: null, toUpstream: [], toClient: [] };
    pairs.add(pair);
    client.on('data', (chunk) => {
      if (mode === 'blackhole' || !pair.upstream) {
        pair.toUpstream.push(chunk);
        if (mode === 'blackhole') for (const resolve of onHeld.splice(0)) resolve();
      } else pair.upstream.write(chunk);
    });
    client.on('error', () => pair.upstream?.destroy());
    client.on('close', () => {
      pair.upstream?.destroy();
      pairs.delete(pair);
    });
    if (mode === 'pass') connectUpstream(pair);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const port = (server.address() as net.AddressInfo).port;

  const proxy: FaultProxy = {
    port,
    get mode() {
      return mode;
    },
    async set(next) {
      const previous = mode;
      mode = next;
      if (next === 'refuse') {
        for (const pair of pairs) {
          pair.client.destroy();
          pair.upstream?.destroy();
        }
        if (server.listening) await new Promise((resolve) => server.close(resolve));
        return;
      }
      if (previous === 'refuse') {
        server.listen(port, '127.0.0.1');
        await once(server, 'listening');
      }
      if (next === 'pass') {
        for (const pair of pairs) {
          if (!pair.upstream) connectUpstream(pair);
          else for (const chunk of pair.toUpstream.splice(0)) pair.upstream.write(chunk);
          for (const chunk of pair.toClient.splice(0)) pair.client.write(chunk);
        }
      }
    },
    held: () => new Promise((resolve) => onHeld.push(resolve)),
    async close() {
      onHeld = [];
      for (const pair of pairs) {
        pair.client.destroy();
        pair.upstream?.destroy();
      }
      if (server.listening) await new Promise((resolve) => server.close(resolve));
    },
  };
  return proxy;
}
