/**
 * Every operation of the OpenAPI document (`/api/docs/json`), called signed out and signed in with malformed
 * values of every type in each path parameter, query parameter and body field, and with malformed bodies: no
 * answer may be a 5xx or take over 2 seconds. Each field starts from a valid value built from its schema, so the
 * other fields let the request reach the handler. The cases are drawn with a seeded generator: `FUZZ_SEED`
 * replays a run (the seed is in every failure), `FUZZ_CASES` draws more bad values per field.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Guest, signInGuest, type TestApp } from '../../tests/helpers/app.ts';

const SEED = Number(process.env.FUZZ_SEED ?? 20261124);
const PER_FIELD = Number(process.env.FUZZ_CASES ?? 5);
const SLOW_MS = 2000;
const BUDGET_MS = 90_000;

/** mulberry32: small, fast and enough to replay a run from its seed. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Schema {
  type?: string;
  enum?: unknown[];
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maxItems?: number;
  minItems?: number;
  nullable?: boolean;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  $ref?: string;
}

interface Parameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  schema: Schema;
}

interface Operation {
  method: string;
  path: string;
  parameters: Parameter[];
  body: Schema | null;
}

/** Text that is long, slow to segment or detect, or that databases and parsers choke on. */
const hostileText = [
  '\u0000',
  'a\u0000b',
  'x'.repeat(250_000),
  'x'.repeat(20_000),
  'a@b.'.repeat(15_000),
  '👩‍❤️‍💋‍👨'.repeat(3_000),
  `e${'\u0301\u0302'.repeat(60_000)}`,
  '\uD800',
  '\uDFFF\uD800',
  '\u202Eevil',
  '\uFEFF\uFFFE\uFFFF',
  '%00',
  "$&$'$`",
  '../../../etc/passwd',
  "' OR 1=1 --",
  '<script>alert(1)</script>',
  '__proto__',
  'constructor',
  ' ',
  '',
];
const badNumbers = [-1, 0, 1.5, -2_147_483_649, 2_147_483_648, 2 ** 53 + 2, 1e308, -1e308, '1e999', '0x10', 'NaN', '-0'];
// JSON.parse makes `__proto__` an own key, as a request body would; an object literal would set the prototype.
const prototypeKeys = [JSON.parse('{"__proto__":{"admin":true}}'), { constructor: { prototype: { admin: true } } }];
const wrongTypes = [true, false, null, {}, [], ['a', 'b'], [1, 2], [[[]]], ...prototypeKeys];
const POOL: unknown[] = [...hostileText, ...badNumbers, ...wrongTypes];
const POOL_NO_HUGE = POOL.filter((v) => !(typeof v === 'string' && v.length > 20_000));

/** Whole bodies: not JSON, not an object, nested deep, prototype keys. */
const hostileBodies = [
  '{',
  'null',
  '[]',
  '"text"',
  '12',
  '\u0000',
  '{"__proto__":{"admin":true}}',
  '{"constructor":{"prototype":{"admin":true}}}',
  `${'['.repeat(5_000)}${']'.repeat(5_000)}`,
  `{"a":${'{"a":'.repeat(2_000)}1${'}'.repeat(2_000)}}`,
];

function resolve(schema: Schema, components: Record<string, Schema>): Schema {
  if (schema.$ref) return resolve(components[schema.$ref.split('/').pop() as string], components);
  return schema;
}

/** A value the schema accepts, so that one malformed field at a time is what the server sees. */
function valid(schema: Schema, components: Record<string, Schema>, name = '', ids: Record<string, number> = {}): unknown {
  const s = resolve(schema, components);
  if (s.anyOf) return valid(s.anyOf[0], components, name, ids);
  if (s.enum) return s.enum[0];
  switch (s.type) {
    case 'integer':
    case 'number':
      return ids[name] ?? Math.max(1, s.minimum ?? 1);
    case 'boolean':
      return true;
    case 'array':
      return Array.from({ length: Math.max(1, s.minItems ?? 1) }, (_, i) => {
        const item = valid(s.items ?? {}, components, name, ids);
        return typeof item === 'string' && !s.items?.enum ? `${item} ${i}` : item;
      });
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, prop] of Object.entries(s.properties ?? {})) out[key] = valid(prop, components, key, ids);
      return out;
    }
    case 'string':
      if (s.format === 'email') return 'fuzz@example.org';
      if (name.includes('password')) return 'correct horse battery';
      return 'Writing a few honest words here about a long and tiring week at work. '.repeat(3).slice(0, s.maxLength ?? 200);
    default:
      return 'x';
  }
}

/** The dotted paths of a body's fields, nested objects included (a poll's question and options). */
function fieldPaths(schema: Schema, components: Record<string, Schema>, prefix: string[] = []): string[][] {
  const s = resolve(schema, components);
  if (s.type !== 'object' || !s.properties) return prefix.length ? [prefix] : [];
  const own = Object.entries(s.properties).flatMap(([key, prop]) => fieldPaths(prop, components, [...prefix, key]));
  return prefix.length ? [prefix, ...own] : own;
}

function withField(body: unknown, path: string[], value: unknown): unknown {
  const copy = structuredClone(body) as Record<string, unknown>;
  let at = copy;
  for (const key of path.slice(0, -1)) {
    if (typeof at[key] !== 'object' || at[key] === null) at[key] = {};
    at = at[key] as Record<string, unknown>;
  }
  at[path[path.length - 1]] = value;
  return copy;
}

/** How a value travels in a URL: text as is, anything else as its JSON. */
const inUrl = (value: unknown) => (typeof value === 'string' ? value : (JSON.stringify(value) ?? 'undefined'));

interface Case {
  what: string;
  params: Record<string, unknown>;
  query: [string, string][];
  body?: string;
  contentType?: string;
  /** Put into the URL as is, for escapes no encoder makes. */
  rawQuery?: string;
  rawPath?: string;
  /** Sent over the caller's own headers. */
  headers?: Record<string, string>;
}

/**
 * Headers every request reads before its route (language, session, CSRF), filled up to what Node's parser lets
 * through (16 KB in all). A cookie session that is not valid reads as signed out, so these go signed out too.
 */
const hostileHeaders: Record<string, string>[] = [
  {
    'accept-language': 'en;q=0.1,'.repeat(1_000),
    'x-locale': '\u00e9'.repeat(1_000),
    'x-subdomain': 'fr.'.repeat(500),
    'x-csrf-token': 'x'.repeat(2_000),
  },
  { cookie: `authToken=${'%'.repeat(1_000)}; locale=%ED%A0%80; theme=${'a'.repeat(2_000)}; currentUser=%7B%22id%22:%22__proto__%22%7D` },
  { authorization: `Bearer ${'x'.repeat(4_000)}` },
  { authorization: 'Basic Og==' },
];

let t: TestApp;
let fuzzer: Guest;
let operations: Operation[];
let components: Record<string, Schema>;
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  // Something for every id to point at: a post with a poll, a mood, a comment and a reply, a topic, a thought.
  const author = await signInGuest(t.app);
  const made = async (url: string, payload: object) => {
    const res = await t.call(author, 'POST', url, payload);
    expect(res.status, `${url} ${JSON.stringify(res.body)}`).toBe(201);
    return res.body.data;
  };
  const feelings = (await t.call(null, 'GET', '/api/feelings?type=mood')).body.data as { id: number }[];
  const post = await made('/api/posts', {
    content: 'Some nights the worry about work keeps me awake until the birds start singing outside my window. '.repeat(2).trim(),
    poll: { options: ['Reading', 'Music'] },
  });
  const mood = await made('/api/user/store/moods', { content: 'Tired but hopeful', feeling_id: feelings[0].id });
  const comment = await made('/api/comments', { post_id: post.id, content: 'I know that feeling, it gets easier.' });
  const [category] = (await t.call(null, 'GET', '/api/categories')).body.data;
  const [cover] = (await t.call(null, 'GET', '/api/topic-covers')).body.data;
  const topic = await made('/api/topics', {
    title: 'Sleepless nights',
    description: 'What keeps us awake.',
    category_id: category.id,
    cover_id: cover.id,
  });
  const thought = await made('/api/thoughts', { content: 'Rest is not a reward for finishing everything.' });
  fuzzer = await signInGuest(t.app);
  Object.assign(ids, {
    post_id: post.id,
    mood_id: mood.id,
    comment_id: comment.id,
    topic_id: topic.id,
    thought_id: thought.id,
    category_id: category.id,
    cover_id: cover.id,
    feeling_id: feelings[0].id,
    poll_id: post.poll.id,
    poll_option_id: post.poll.options[0].id,
    user_id: fuzzer.id,
  });

  const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
  components = doc.components?.schemas ?? {};
  operations = Object.entries<Record<string, { parameters?: Parameter[]; requestBody?: { content: Record<string, { schema: Schema }> } }>>(
    doc.paths,
  ).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => ({
      method: method.toUpperCase(),
      path,
      parameters: op.parameters ?? [],
      body: op.requestBody?.content['application/json']?.schema ?? null,
    })),
  );
}, 120_000);

afterAll(() => t?.close());

/** The cases of one operation: each field gets the hostile texts of NUL and size, then values drawn from the pool. */
function casesOf(op: Operation, next: () => number): Case[] {
  const pathIds = (name: string) => {
    const kind = ['mood', 'comment', 'thought', 'topic', 'tag', 'user'].find((k) => op.path.includes(k));
    return name === 'id' && kind ? (ids[`${kind}_id`] ?? 1) : (ids[name] ?? ids.post_id);
  };
  const params = Object.fromEntries(op.parameters.filter((p) => p.in === 'path').map((p) => [p.name, pathIds(p.name)]));
  const query: [string, string][] = op.parameters
    .filter((p) => p.in === 'query')
    .map((p) => [p.name, inUrl(valid(p.schema, components, p.name, ids))]);
  const body = op.body ? valid(op.body, components, '', ids) : undefined;
  const json = body === undefined ? undefined : JSON.stringify(body);
  const base: Case = { what: 'valid', params, query, body: json };
  const draw = (pool: unknown[]) => ['\u0000', ...Array.from({ length: PER_FIELD }, () => pool[Math.floor(next() * pool.length)])];

  const cases: Case[] = [base];
  for (const p of op.parameters) {
    if (p.in === 'path') {
      // A URL carries no more than a few kilobytes before a proxy or Node refuses it.
      for (const value of draw(POOL_NO_HUGE))
        cases.push({ ...base, what: `path ${p.name}=${preview(value)}`, params: { ...params, [p.name]: value } });
    } else if (p.in === 'query') {
      for (const value of draw(POOL_NO_HUGE)) {
        const others = query.filter(([k]) => k !== p.name);
        const sent: [string, string][] = Array.isArray(value) ? value.map((v) => [p.name, inUrl(v)]) : [[p.name, inUrl(value)]];
        cases.push({ ...base, what: `query ${p.name}=${preview(value)}`, query: [...others, ...sent] });
      }
    }
  }
  cases.push({
    ...base,
    what: 'query prototype keys',
    query: [...query, ['__proto__', 'x'], ['constructor', 'x'], ['__proto__[admin]', '1']],
  });
  // Raw, not re-encoded: bytes that are not UTF-8 and a cut escape, in the path and in the query.
  const broken = '%ED%A0%80%FF%C3%';
  cases.push({ ...base, what: 'query as broken escapes', rawQuery: broken });
  if (Object.keys(params).length) cases.push({ ...base, what: 'path as broken escapes', rawPath: broken });
  for (const headers of hostileHeaders) cases.push({ ...base, what: `headers ${Object.keys(headers).join(', ')}`, headers });
  if (op.body) {
    for (const field of fieldPaths(op.body, components)) {
      for (const value of [...draw(POOL), 'x'.repeat(250_000)]) {
        cases.push({ ...base, what: `body ${field.join('.')}=${preview(value)}`, body: JSON.stringify(withField(body, field, value)) });
      }
    }
    for (const raw of hostileBodies) cases.push({ ...base, what: `body ${preview(raw)}`, body: raw });
    cases.push({ ...base, what: 'body as text/plain', contentType: 'text/plain' });
    cases.push({ ...base, what: 'body past the size limit', body: JSON.stringify({ content: 'x'.repeat(300_000) }) });
  }
  return cases;
}

const preview = (value: unknown) => {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return JSON.stringify(text.length > 24 ? `${text.slice(0, 12)}…(${text.length})` : text);
};

/** Percent-encoding that sends a lone surrogate as the bytes of one (not UTF-8), as a hostile client can. */
function encode(text: string): string {
  return Array.from(text, (ch) => (/^[\uD800-\uDFFF]$/.test(ch) ? '%ED%A0%80' : encodeURIComponent(ch))).join('');
}

function urlOf(op: Operation, c: Case): string {
  const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) => c.rawPath ?? encode(inUrl(c.params[name])));
  const search = [...c.query.map(([k, v]) => `${encode(k)}=${encode(v)}`), ...(c.rawQuery ? [`q=${c.rawQuery}`] : [])].join('&');
  return search ? `${path}?${search}` : path;
}

describe('the OpenAPI document, fuzzed', () => {
  it(`answers every malformed request with a 4xx, or a 2xx, within ${SLOW_MS} ms (seed ${SEED})`, async () => {
    const next = random(SEED);
    const failures: string[] = [];
    let sent = 0;
    const started = performance.now();
    // A server that stalls would run this past any timeout: stop early and report what was found by then.
    const overBudget = () => performance.now() - started > BUDGET_MS;
    for (const op of operations) {
      if (overBudget()) {
        failures.push(`stopped at ${op.method} ${op.path}: the run took over ${BUDGET_MS / 1000} s`);
        break;
      }
      for (const c of casesOf(op, next)) {
        for (const signedIn of [false, true]) {
          const url = urlOf(op, c);
          const headers: Record<string, string> = { ...(signedIn ? fuzzer.auth : {}), ...c.headers };
          if (c.body !== undefined) headers['content-type'] = c.contentType ?? 'application/json';
          const begin = performance.now();
          const res = await t.app.inject({ method: op.method as 'GET', url, headers, payload: c.body });
          const ms = performance.now() - begin;
          sent++;
          const who = signedIn ? 'signed in' : 'signed out';
          if (res.statusCode >= 500)
            failures.push(`${op.method} ${op.path} ${c.what} (${who}): ${res.statusCode} ${res.body.slice(0, 120)}`);
          if (ms > SLOW_MS) failures.push(`${op.method} ${op.path} ${c.what} (${who}): ${Math.round(ms)} ms`);
          // A case that signed the fuzzer out (logout, a password change) leaves the next ones a fresh session.
          if (signedIn && res.statusCode === 401) fuzzer = await signInGuest(t.app);
        }
      }
    }
    console.info(
      `fuzz: ${sent} requests to ${operations.length} operations in ${Math.round(performance.now() - started)} ms (seed ${SEED})`,
    );
    expect(operations.length).toBeGreaterThan(80);
    expect(failures, `seed ${SEED}`).toEqual([]);
  }, 180_000);
});
