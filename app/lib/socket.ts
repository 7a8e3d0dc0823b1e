/**
 * The browser's one socket.io connection, shared by every component that listens (API.md "Realtime"). It is
 * created on first use, after hydration, from its own chunk, so a page that listens to nothing opens none and
 * the first load does not carry the client. The handshake is authenticated by the session cookie (the token is
 * httpOnly), so when the session changes the socket connects again to be known as the new person.
 *
 * The server forgets a socket's rooms when it reconnects, so the rooms and the QR code wanted by mounted
 * components are kept here and asked for again on every connection.
 */
import { useEffect, useRef } from 'react';
import type { Socket } from 'socket.io-client';
import type { ClientToServerEvents, EventPayload, PublicRoom, ServerEvent, ServerToClientEvents } from '../../core/realtime.ts';

type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

let connection: Promise<AppSocket> | null = null;
/** Public rooms wanted by mounted components, with how many want each. */
const rooms = new Map<PublicRoom, number>();
/** The QR sign-in code a mounted dialog shows; a socket watches one code at a time. */
let watchedQr: string | null = null;
/** Mounted moderation screens; while any is, the socket asks to join the moderators' queue room. */
let moderationWatchers = 0;
/** The conversation this tab shows: a message there needs no notification (server/modules/notifications). */
let viewing: number | null = null;

function shared(): Promise<AppSocket> {
  if (connection) return connection;
  const created = import('socket.io-client').then(({ io }) => {
    // Offline, every reconnection attempt fails (and the browser logs each one): the socket waits for the network
    // instead, and connects again when it is back.
    const socket: AppSocket = io({ path: '/socket.io', transports: ['websocket', 'polling'], autoConnect: navigator.onLine });
    window.addEventListener('offline', () => socket.disconnect());
    window.addEventListener('online', () => socket.connect());
    socket.on('connect', () => {
      for (const room of rooms.keys()) subscribe(socket, room);
      if (watchedQr) socket.emit('qr:watch', watchedQr);
      if (moderationWatchers > 0) watchModeration(socket);
      if (viewing !== null) socket.emit('conversation:viewing', viewing);
    });
    return socket;
  });
  connection = created;
  created.catch(() => {
    // The chunk did not load (offline, a new build): the next component to listen tries again.
    if (connection === created) connection = null;
  });
  return created;
}

/**
 * Asked with an acknowledgement, which the server sends once the socket is in the room: the page needs nothing from
 * it, but its frame tells whoever watches the connection (tests/e2e `joined`) that the room's announcements reach
 * this socket from then on. The request frame alone does not: the server may read it after a post is announced.
 */
function subscribe(socket: AppSocket, room: PublicRoom) {
  socket.emit('subscribe', room, () => {});
}

/** Runs `action` on the socket when it is connected now; otherwise its next `connect` does the same work. */
function whenConnected(action: (socket: AppSocket) => void) {
  shared().then(
    (socket) => {
      if (socket.connected) action(socket);
    },
    () => {
      // Without realtime, pages still work; they only miss live updates.
    },
  );
}

/**
 * Listens to `name` on the shared socket while the component is mounted (and `enabled`), calling the newest
 * `handler`, so passing a new function on every render does not listen again.
 */
function useListener(name: string, handler: (payload: never) => void, enabled: boolean) {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => {
    if (!enabled) return;
    let mounted = true;
    // Each caller's handler takes its own event's payload, which socket.io passes as it came.
    const listener = (payload: unknown) => (latest.current as (payload: unknown) => void)(payload);
    let off = () => {};
    shared().then(
      (socket) => {
        if (!mounted) return;
        // The listener's type depends on the event name; as a plain name, socket.io takes any listener.
        const untyped: Socket = socket;
        untyped.on(name, listener);
        off = () => untyped.off(name, listener);
      },
      () => {},
    );
    return () => {
      mounted = false;
      off();
    };
  }, [name, enabled]);
}

/** Calls `handler` for each `event` while the component is mounted (and `enabled`). */
export function useSocketEvent<E extends ServerEvent>(event: E, handler: (payload: EventPayload<E>) => void, enabled = true) {
  useListener(event, handler as (payload: never) => void, enabled);
}

/**
 * Calls `handler` whenever the shared socket connects (the first time and after every reconnection), so a
 * component can fetch again what was sent while it was not listening.
 */
export function useSocketConnect(handler: () => void, enabled = true) {
  useListener('connect', handler, enabled);
}

/** Keeps the shared socket in a public room while the component is mounted. */
export function useRoom(room: PublicRoom) {
  useEffect(() => {
    const wanted = (rooms.get(room) ?? 0) + 1;
    rooms.set(room, wanted);
    if (wanted === 1) whenConnected((socket) => subscribe(socket, room));
    return () => {
      const left = (rooms.get(room) ?? 1) - 1;
      if (left > 0) {
        rooms.set(room, left);
        return;
      }
      rooms.delete(room);
      whenConnected((socket) => socket.emit('unsubscribe', room));
    };
  }, [room]);
}

/** Watches a QR sign-in code for its `qr:approved` while the component shows it. */
export function useQrWatch(qrToken: string | null) {
  useEffect(() => {
    if (!qrToken) return;
    watchedQr = qrToken;
    whenConnected((socket) => socket.emit('qr:watch', qrToken));
    return () => {
      if (watchedQr === qrToken) watchedQr = null;
    };
  }, [qrToken]);
}

/**
 * Joins the moderators' room (the server checks the role). The page needs nothing from the answer; asking for one puts the moment the room is
 * joined on the wire, where a test can wait for it before writing something that should arrive live.
 */
function watchModeration(socket: AppSocket) {
  socket.emit('moderation:watch', () => {});
}

/** Keeps the socket in the moderators' queue room while a moderation screen is mounted. */
export function useModerationWatch() {
  useEffect(() => {
    moderationWatchers++;
    if (moderationWatchers === 1) whenConnected(watchModeration);
    return () => {
      moderationWatchers--;
    };
  }, []);
}

/** Connects the socket again when the signed-in person changes, so its handshake carries the new session. */
export function useSocketSession(userId: number | null) {
  const known = useRef(userId);
  useEffect(() => {
    if (known.current === userId) return;
    known.current = userId;
    connection?.then(
      (socket) => {
        socket.disconnect();
        socket.connect();
      },
      () => {},
    );
  }, [userId]);
}

/** Tells the other person of a conversation that this one is typing (the server drops it unless both turned it on). */
export function emitTyping(conversationId: number) {
  whenConnected((socket) => socket.emit('typing', conversationId));
}

/** Tells the server which conversation this tab shows while the component is mounted (null: none). */
export function useViewingConversation(conversationId: number | null) {
  useEffect(() => {
    viewing = conversationId;
    whenConnected((socket) => socket.emit('conversation:viewing', conversationId));
    return () => {
      if (viewing !== conversationId) return;
      viewing = null;
      whenConnected((socket) => socket.emit('conversation:viewing', null));
    };
  }, [conversationId]);
}
