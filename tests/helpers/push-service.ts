/**
 * A Web Push service on 127.0.0.1 for the tests, and browsers' subscriptions to it. The service keeps each request
 * it receives (headers and the encrypted body) and answers as told: 201, another status, or never (a hanging
 * service). A subscriber holds the private half of its subscription, as a browser does, and decrypts what the
 * service received: RFC 8291 (Message Encryption for Web Push) over RFC 8188's aes128gcm, written here from the
 * RFCs so the test does not trust the library that encrypted it.
 */
import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  path: string;
  headers: IncomingMessage['headers'];
  body: Buffer;
}

export type Answer = number | 'hang';

export interface PushService {
  /** http://127.0.0.1:<port> */
  origin: string;
  received: Received[];
  /** Resolves with the next request the service receives. */
  next(): Promise<Received>;
  /** How the following requests are answered (201 until told otherwise). */
  answer(with_: Answer): void;
  close(): Promise<void>;
}

export async function startPushService(): Promise<PushService> {
  const received: Received[] = [];
  let answer: Answer = 201;
  let waiting: ((r: Received) => void)[] = [];
  const hanging: ServerResponse[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const r: Received = { path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) };
      received.push(r);
      const resolve = waiting;
      waiting = [];
      for (const w of resolve) w(r);
      if (answer === 'hang') hanging.push(res);
      else res.writeHead(answer).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    received,
    next: () => new Promise((resolve) => waiting.push(resolve)),
    answer: (a) => {
      answer = a;
    },
    close: async () => {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export interface Subscriber {
  /** What PushSubscription.toJSON() gives. */
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
  /** The plaintext of an aes128gcm body encrypted to this subscription. */
  decrypt(body: Buffer): string;
}

/** A browser's side of a subscription: a P-256 key pair and a 16-byte auth secret, at `endpoint`. */
export function subscriber(endpoint: string): Subscriber {
  const ecdh = createECDH('prime256v1');
  const uaPublic = ecdh.generateKeys();
  const authSecret = randomBytes(16);
  return {
    subscription: { endpoint, keys: { p256dh: uaPublic.toString('base64url'), auth: authSecret.toString('base64url') } },
    decrypt(body) {
      // RFC 8188 §2.1 header: salt (16) | record size (4) | idlen (1) | keyid (the sender's public key).
      const salt = body.subarray(0, 16);
      const recordSize = body.readUInt32BE(16);
      const idlen = body[20];
      const asPublic = body.subarray(21, 21 + idlen);
      const record = body.subarray(21 + idlen);
      if (idlen !== 65) throw new Error(`keyid of ${idlen} bytes, not a P-256 point`);
      if (record.length > recordSize) throw new Error('more than one record');
      // RFC 8291 §3.3–3.4.
      const ecdhSecret = ecdh.computeSecret(asPublic);
      const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, asPublic]);
      const ikm = Buffer.from(hkdfSync('sha256', ecdhSecret, authSecret, keyInfo, 32));
      const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
      const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
      const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
      decipher.setAuthTag(record.subarray(record.length - 16));
      const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
      // RFC 8188 §2: the last record ends with a 0x02 delimiter, then any zero padding.
      let end = padded.length - 1;
      while (end >= 0 && padded[end] === 0) end--;
      if (padded[end] !== 2) throw new Error('no last-record delimiter');
      return padded.subarray(0, end).toString('utf8');
    },
  };
}

/**
 * The VAPID claims of a request (RFC 8292), after checking the JWT's ES256 signature against the key `k` it names:
 * `{ key, aud, sub, exp }`.
 */
export function vapidOf(authorization: string | undefined): { key: string; aud: string; sub: string; exp: number } {
  const match = /^vapid t=([A-Za-z0-9_.-]+), k=([A-Za-z0-9_-]+)$/.exec(authorization ?? '');
  if (!match) throw new Error(`not a VAPID authorization: ${authorization}`);
  const [, jwt, key] = match;
  const [header, claims, signature] = jwt.split('.');
  const point = Buffer.from(key, 'base64url');
  const publicKey = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33, 65).toString('base64url') },
    format: 'jwk',
  });
  const valid = verify(
    'sha256',
    Buffer.from(`${header}.${claims}`),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!valid) throw new Error('VAPID signature does not verify');
  return { key, ...JSON.parse(Buffer.from(claims, 'base64url').toString('utf8')) };
}
