/** Waiting on socket.io's own events instead of giving the server time. */
import type { FastifyInstance } from 'fastify';

/** Resolves when a socket joins `room` on this instance; call it before causing the join. */
export const joined = (app: FastifyInstance, room: string) =>
  new Promise<void>((resolve) => {
    const adapter = app.realtime.io.of('/').adapter;
    adapter.on('join-room', function onJoin(joinedRoom: string) {
      if (joinedRoom !== room) return;
      adapter.off('join-room', onJoin);
      resolve();
    });
  });
