/**
 * Fills one or more databases with a realistic community for the benchmarks: ~5,000 guest users and N posts
 * (default 200,000) in the 37 languages, skewed as a real audience would be, spread back over a year, with
 * feelings, #tags, a few polls, supports and comments, and the kept counts (posts.supports_count /
 * comments_count, polls' votes, content_counts, users.points) consistent with those rows.
 *
 *   node bench/fill.ts --posts 200000 [--users 5000] [--seed 1] --database-url postgres://… | --data-dir /tmp/x
 *
 * (DATABASE_URL or DATA_DIR from the environment are used when no target is given; one of them is required, so
 * the development database in ./data is never filled by accident.) Several targets get exactly the same rows.
 *
 * A fill tops up: run it again with a larger --posts and it adds the missing posts *older* than the ones already
 * there, so the feed's first pages are the same posts at 20,000 and at 200,000 and only the table grows.
 *
 * Why direct SQL: going through the services (write(), setSupport(), addComment()) costs one transaction per row
 * with language detection, locks and re-reads: hours for 200,000 posts. This is a fixture, so rows are generated
 * here and written in batches (INSERT … SELECT FROM unnest(arrays), one transaction per batch). Every value is the
 * one the services would store: content trimmed, content_key = normalizeForDuplicate(content), language =
 * detectLanguage(content, author's locale) (guests detect by default), tags = extractHashtags(content), a post
 * longer than 150 characters (shorter text would be placed as a mood), updated_at = created_at, at most
 * POSTS_PER_DAY posts per author in any 24 h, no duplicate text per author, points by POINTS, and content_counts
 * bumped in the same transaction as the posts. What it leaves out: moods, replies, favorites, hides and tokens.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { LIMITS, MOOD_THRESHOLD, POINTS, POSTS_PER_DAY, POSTS_WINDOW_MS } from '../core/limits.ts';
import { LOCALE_CODES } from '../core/locales.ts';
import { extractHashtags, graphemeLength, normalizeForDuplicate } from '../core/text.ts';
import { type Database, openDatabase } from '../db/client.ts';
import { ensureReferenceData } from '../db/reference.ts';
import { detectLanguage } from '../server/lib/language.ts';
import { anyNickname } from '../server/modules/users/service.ts';

export interface FillOptions {
  /** Posts the databases should hold when done (existing posts count). */
  posts: number;
  /** Users the databases should hold at least (existing users count). */
  users?: number;
  seed?: number;
  log?: (line: string) => void;
}

export interface FillResult {
  posts: number;
  users: number;
  added: { users: number; posts: number; supports: number; comments: number; polls: number; tagged: number };
  seconds: number;
}

/** Share of posts per language; the 37 codes of core/locales.ts, the big ones first. */
// biome-ignore format: a table
const LANGUAGE_WEIGHTS: Record<string, number> = {
  en: 24, es: 10, ar: 8, hi: 7, pt: 5, fr: 5, id: 4, ru: 3, bn: 3, de: 3, tr: 3, ur: 2.5, fa: 2, zh: 2, ja: 1.5,
  it: 1.5, ko: 1, vi: 1, pl: 1, uk: 1, nl: 1, fil: 1, sw: 1, ha: 0.8, yo: 0.8, ig: 0.6, ms: 0.8, th: 0.8, ta: 0.8,
  ro: 0.6, az: 0.5, uz: 0.5, my: 0.5, am: 0.5, om: 0.4, ps: 0.4, ku: 0.4,
};

/** Hashtags people use, a fixed spelling each (the first writer's spelling is the one a tag keeps). */
const TAGS: Record<string, string[]> = {
  en: ['anxiety', 'sleep', 'work', 'family', 'friendship', 'grief', 'exams', 'hope', 'selfcare', 'loneliness', 'breakup', 'stress'],
  es: ['ansiedad', 'familia', 'trabajo', 'soledad', 'esperanza', 'estrés'],
  pt: ['ansiedade', 'família', 'trabalho', 'saúde'],
  fr: ['anxiété', 'travail', 'famille', 'solitude'],
  de: ['Angst', 'Arbeit', 'Familie', 'Schule'],
  ar: ['قلق', 'أمل', 'وحدة', 'عائلة'],
  hi: ['चिंता', 'परिवार', 'नींद'],
  id: ['kecemasan', 'keluarga', 'kerja'],
  ru: ['тревога', 'семья', 'работа'],
  zh: ['焦虑', '失眠', '家庭'],
  ja: ['不安', '仕事', '家族'],
};

const ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';
const DAY_MS = 24 * 60 * 60 * 1000;
/** Posts are spaced so that 200,000 of them reach back one year. */
const STEP_MS = (365 * DAY_MS) / 200_000;
const BATCH = 2000;

const samples: Record<string, string[]> = JSON.parse(readFileSync(new URL('./fixtures/language-samples.json', import.meta.url), 'utf8'));
/** Languages written without spaces between sentences. */
const NO_SPACE = new Set(['zh', 'ja']);

function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  return {
    next,
    int,
    pick: <T>(list: readonly T[]): T => list[int(list.length)],
    /** A long-tailed count: 0 with probability `zero`, else 1 + exponential with the given mean. */
    count: (zero: number, mean: number, max: number) => (next() < zero ? 0 : Math.min(max, 1 + Math.floor(-Math.log(1 - next()) * mean))),
    shuffle: <T>(list: readonly T[]): T[] => {
      const out = [...list];
      for (let i = out.length - 1; i > 0; i--) {
        const j = int(i + 1);
        [out[i], out[j]] = [out[j], out[i]];
      }
      return out;
    },
  };
}
type Rng = ReturnType<typeof prng>;

function weightedPicker(weights: Record<string, number>) {
  const codes = Object.keys(weights);
  const cumulative: number[] = [];
  let sum = 0;
  for (const c of codes) {
    sum += weights[c];
    cumulative.push(sum);
  }
  return (rng: Rng) => {
    const x = rng.next() * sum;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid] > x) hi = mid;
      else lo = mid + 1;
    }
    return codes[lo];
  };
}
const pickLanguage = weightedPicker(LANGUAGE_WEIGHTS);

/** Sentences of one language in a fresh order until the text is long enough to be a post. */
function postText(rng: Rng, language: string): string {
  const parts: string[] = [];
  const joiner = NO_SPACE.has(language) ? '' : ' ';
  const want = MOOD_THRESHOLD + rng.int(120);
  let pool: string[] = [];
  let text = '';
  while (graphemeLength(text) <= want) {
    if (pool.length === 0) pool = rng.shuffle(samples[language]);
    parts.push(pool.pop() as string);
    text = parts.join(joiner).trim();
  }
  if (rng.next() < 0.15) {
    const pool = TAGS[language] ?? TAGS.en;
    const tags = new Set(Array.from({ length: 1 + rng.int(3) }, () => rng.pick(pool)));
    text += `\n\n${[...tags].map((t) => `#${t}`).join(' ')}`;
  }
  return text;
}

/** FNV-1a, 32 bits: per-author duplicate check without keeping every text. A collision only redraws a text. */
function hash(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

interface UserInfo {
  id: number;
  locale: string;
  autoDetect: boolean;
}

interface GenPost {
  userId: number;
  content: string;
  key: string;
  language: string;
  feelingId: number | null;
  at: Date;
  tags: string[];
  supporters: { userId: number; at: Date }[];
  comments: { userId: number; content: string; language: string; at: Date }[];
  poll: { question: string | null; options: string[]; votes: { userId: number; option: number; at: Date }[] } | null;
}

const exec = async <T = Record<string, unknown>>(db: Database['db'], query: ReturnType<typeof sql>): Promise<T[]> =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;
const p = (v: unknown) => sql.param(v);
const iso = (d: Date) => d.toISOString();

async function prepare(database: Database) {
  await database.migrate();
  await ensureReferenceData(database.db);
  const [state] = await exec<{ users: number; posts: number; oldest: string | null }>(
    database.db,
    sql`select (select count(*)::int from users) as users, (select count(*)::int from posts) as posts,
      (select min(created_at)::text from posts) as oldest`,
  );
  return state;
}

/** Writes one batch in one transaction, ids taken from the tables' own sequences. */
async function writeBatch(database: Database, batch: GenPost[]) {
  await database.db.transaction(async (tx) => {
    const db = tx as unknown as Database['db'];
    const ids = (
      await exec<{ id: number }>(
        db,
        sql`select nextval(pg_get_serial_sequence('posts', 'id'))::int as id from generate_series(1, ${batch.length})`,
      )
    ).map((r) => r.id);
    await db.execute(sql`insert into posts (id, user_id, content, content_key, language, feeling_id, supports_count, comments_count, created_at, updated_at)
      select * from unnest(${p(ids)}::int[], ${p(batch.map((b) => b.userId))}::int[], ${p(batch.map((b) => b.content))}::text[],
        ${p(batch.map((b) => b.key))}::text[], ${p(batch.map((b) => b.language))}::text[], ${p(batch.map((b) => b.feelingId))}::int[],
        ${p(batch.map((b) => b.supporters.length))}::int[], ${p(batch.map((b) => b.comments.length))}::int[],
        ${p(batch.map((b) => iso(b.at)))}::timestamptz[], ${p(batch.map((b) => iso(b.at)))}::timestamptz[])`);

    // Tags: as tagPost does, the names are created if new, then linked by their lower-case name.
    const tagged = batch.flatMap((b, i) => b.tags.map((name) => ({ postId: ids[i], name })));
    if (tagged.length > 0) {
      const names = [...new Set(tagged.map((t) => t.name))];
      await db.execute(sql`insert into tags (name) select unnest(${p(names)}::text[]) on conflict do nothing`);
      await db.execute(sql`insert into post_tags (post_id, tag_id, post_language, post_created_at)
        select x.post_id, t.id, p.language, p.created_at from unnest(${p(tagged.map((t) => t.postId))}::int[], ${p(tagged.map((t) => t.name.toLocaleLowerCase('und')))}::text[]) as x(post_id, name)
        join tags t on lower(t.name) = x.name join posts p on p.id = x.post_id on conflict do nothing`);
    }

    const supports = batch.flatMap((b, i) => b.supporters.map((s) => ({ postId: ids[i], ...s })));
    if (supports.length > 0) {
      await db.execute(sql`insert into supports (post_id, user_id, created_at)
        select * from unnest(${p(supports.map((s) => s.postId))}::int[], ${p(supports.map((s) => s.userId))}::int[], ${p(supports.map((s) => iso(s.at)))}::timestamptz[])`);
    }
    const comments = batch.flatMap((b, i) => b.comments.map((c) => ({ postId: ids[i], ...c })));
    if (comments.length > 0) {
      await db.execute(sql`insert into comments (post_id, user_id, content, language, created_at, updated_at)
        select * from unnest(${p(comments.map((c) => c.postId))}::int[], ${p(comments.map((c) => c.userId))}::int[], ${p(comments.map((c) => c.content))}::text[],
          ${p(comments.map((c) => c.language))}::text[],
          ${p(comments.map((c) => iso(c.at)))}::timestamptz[], ${p(comments.map((c) => iso(c.at)))}::timestamptz[])`);
    }

    const polled = batch.flatMap((b, i) => (b.poll ? [{ postId: ids[i], poll: b.poll }] : []));
    if (polled.length > 0) {
      const pollIds = (
        await exec<{ id: number }>(
          db,
          sql`select nextval(pg_get_serial_sequence('polls', 'id'))::int as id from generate_series(1, ${polled.length})`,
        )
      ).map((r) => r.id);
      await db.execute(sql`insert into polls (id, post_id, question, votes_count)
        select * from unnest(${p(pollIds)}::int[], ${p(polled.map((x) => x.postId))}::int[], ${p(polled.map((x) => x.poll.question))}::text[],
          ${p(polled.map((x) => x.poll.votes.length))}::int[])`);
      const options = polled.flatMap((x, i) =>
        x.poll.options.map((text, position) => ({
          pollId: pollIds[i],
          text,
          position,
          votes: x.poll.votes.filter((v) => v.option === position).length,
        })),
      );
      const optionIds = (
        await exec<{ id: number }>(
          db,
          sql`select nextval(pg_get_serial_sequence('poll_options', 'id'))::int as id from generate_series(1, ${options.length})`,
        )
      ).map((r) => r.id);
      await db.execute(sql`insert into poll_options (id, poll_id, text, position, votes_count)
        select * from unnest(${p(optionIds)}::int[], ${p(options.map((o) => o.pollId))}::int[], ${p(options.map((o) => o.text))}::text[],
          ${p(options.map((o) => o.position))}::int[], ${p(options.map((o) => o.votes))}::int[])`);
      // Option ids of each poll, in position order, to place the votes.
      const firstOption = new Map<number, number>();
      options.forEach((o, i) => {
        if (o.position === 0) firstOption.set(o.pollId, optionIds[i]);
      });
      const votes = polled.flatMap((x, i) =>
        x.poll.votes.map((v) => ({
          pollId: pollIds[i],
          userId: v.userId,
          optionId: (firstOption.get(pollIds[i]) as number) + v.option,
          at: v.at,
        })),
      );
      if (votes.length > 0) {
        await db.execute(sql`insert into poll_votes (poll_id, user_id, option_id, created_at)
          select * from unnest(${p(votes.map((v) => v.pollId))}::int[], ${p(votes.map((v) => v.userId))}::int[], ${p(votes.map((v) => v.optionId))}::int[],
            ${p(votes.map((v) => iso(v.at)))}::timestamptz[])`);
      }
    }

    // content_counts, as bumpCount does, in the same transaction as the posts.
    const perLanguage = new Map<string, number>();
    for (const b of batch) perLanguage.set(b.language, (perLanguage.get(b.language) ?? 0) + 1);
    await db.execute(sql`insert into content_counts (kind, language, n)
      select 'post', * from unnest(${p([...perLanguage.keys()])}::text[], ${p([...perLanguage.values()])}::int[])
      on conflict (kind, language) do update set n = content_counts.n + excluded.n`);
  });
}

export async function fill(targets: Database[], options: FillOptions): Promise<FillResult> {
  const started = performance.now();
  const log = options.log ?? (() => {});
  const wantUsers = options.users ?? 5000;
  const states = [];
  for (const t of targets) states.push(await prepare(t));
  const state = states[0];
  if (states.some((s) => s.users !== state.users || s.posts !== state.posts)) {
    throw new Error(
      `the targets differ (${states.map((s) => `${s.users} users/${s.posts} posts`).join(', ')}); fill them from empty together`,
    );
  }
  const rng = prng((options.seed ?? 1) * 1_000_003 + state.posts);
  const added = { users: 0, posts: 0, supports: 0, comments: 0, polls: 0, tagged: 0 };
  const main = targets[0].db;

  // Users, as createGuest makes them: generated username, a nickname in their language, an avatar. At this scale
  // the language's 144 nicknames are all taken, and createGuest then picks any of them too.
  if (state.users < wantUsers) {
    const avatarIds = (await exec<{ id: number }>(main, sql`select id from avatars order by id`)).map((r) => r.id);
    const taken = new Set((await exec<{ u: string }>(main, sql`select lower(username) as u from users`)).map((r) => r.u));
    const rows: { username: string; nickname: string; avatarId: number | null; locale: string }[] = [];
    for (let i = state.users; i < wantUsers; i++) {
      // Every language gets at least one person; then the audience's skew.
      const locale = i < LOCALE_CODES.length ? LOCALE_CODES[i] : pickLanguage(rng);
      let username: string;
      do username = `guest_${Array.from({ length: 8 }, () => ALPHABET[rng.int(ALPHABET.length)]).join('')}`;
      while (taken.has(username));
      taken.add(username);
      rows.push({ username, nickname: anyNickname(locale), avatarId: avatarIds.length ? rng.pick(avatarIds) : null, locale });
    }
    for (const t of targets) {
      await t.db.execute(sql`insert into users (username, nickname, avatar_id, locale)
        select * from unnest(${p(rows.map((r) => r.username))}::text[], ${p(rows.map((r) => r.nickname))}::text[],
          ${p(rows.map((r) => r.avatarId))}::int[], ${p(rows.map((r) => r.locale))}::text[])`);
    }
    added.users = rows.length;
    log(`users: +${rows.length}`);
  }

  const people = (
    await exec<{ id: number; locale: string; auto: boolean }>(
      main,
      sql`select id, locale, auto_detect_languages as auto from users order by id`,
    )
  ).map((r): UserInfo => ({ id: r.id, locale: r.locale, autoDetect: r.auto }));
  const byLocale = new Map<string, UserInfo[]>();
  for (const u of people) {
    const list = byLocale.get(u.locale) ?? [];
    list.push(u);
    byLocale.set(u.locale, list);
  }
  const postFeelings = (await exec<{ id: number }>(main, sql`select id from feelings where type = 'post' order by sort_order`)).map(
    (r) => r.id,
  );

  // What the authors already wrote: their texts (no duplicates) and, near where this fill continues, their times.
  const keysOf = new Map<number, Set<number>>();
  const timesOf = new Map<number, number[]>();
  const base = state.oldest ? new Date(state.oldest).getTime() : Date.now();
  if (state.posts > 0) {
    for (const r of await exec<{ user_id: number; content_key: string }>(main, sql`select user_id, content_key from posts`)) {
      const set = keysOf.get(r.user_id) ?? new Set();
      set.add(hash(r.content_key));
      keysOf.set(r.user_id, set);
    }
    const recent = await exec<{ user_id: number; t: string }>(
      main,
      sql`select user_id, created_at::text as t from posts where created_at < ${new Date(base + POSTS_WINDOW_MS).toISOString()} order by created_at desc`,
    );
    for (const r of recent) {
      const list = timesOf.get(r.user_id) ?? [];
      list.push(new Date(r.t).getTime());
      timesOf.set(r.user_id, list);
    }
  }

  const now = Date.now();
  const points = new Map<number, number>();
  const firstSeen = new Map<number, number>();
  const award = (userId: number, n: number, at: number) => {
    points.set(userId, (points.get(userId) ?? 0) + n);
    if (at < (firstSeen.get(userId) ?? Infinity)) firstSeen.set(userId, at);
  };
  /** Someone reacting to a post written at `at`: within three days, never in the future. */
  const after = (at: number) => new Date(at + rng.next() * Math.min(3 * DAY_MS, now - at));
  const someone = (except: number) => {
    for (;;) {
      const u = rng.pick(people);
      if (u.id !== except) return u;
    }
  };

  /** An author for a post in `language` at time `t`: mostly someone of that language, busy people more often. */
  function author(language: string, t: number): UserInfo {
    for (;;) {
      const local = byLocale.get(language);
      const pool = local && rng.next() < 0.9 ? local : people;
      const u = pool[Math.floor(pool.length * rng.next() ** 2)];
      const times = timesOf.get(u.id) ?? [];
      // Times are written newest first, so the last POSTS_PER_DAY are the ones nearest to t.
      const near = times.slice(-POSTS_PER_DAY).filter((x) => x < t + POSTS_WINDOW_MS);
      if (near.length < POSTS_PER_DAY) return u;
    }
  }

  const toAdd = Math.max(0, options.posts - state.posts);
  let batch: GenPost[] = [];
  let lastLog = performance.now();
  let writeMs = 0;
  let pending: Promise<void> = Promise.resolve();
  for (let k = 0; k < toAdd; k++) {
    const t = Math.round(base - (k + 0.05 + rng.next() * 0.9) * STEP_MS);
    let language = pickLanguage(rng);
    const user = author(language, t);
    const keys = keysOf.get(user.id) ?? new Set<number>();
    keysOf.set(user.id, keys);
    let content: string;
    let key: string;
    do {
      content = postText(rng, language);
      key = normalizeForDuplicate(content);
    } while (keys.has(hash(key)));
    keys.add(hash(key));
    language = user.autoDetect ? detectLanguage(content, user.locale) : user.locale;
    timesOf.set(user.id, [...(timesOf.get(user.id) ?? []).slice(-POSTS_PER_DAY), t]);
    award(user.id, POINTS.post, t);

    const supporters = new Map<number, Date>();
    const nSupports = rng.count(0.35, 4, 150);
    while (supporters.size < nSupports) {
      const u = someone(user.id);
      if (!supporters.has(u.id)) supporters.set(u.id, after(t));
    }
    for (const [id, at] of supporters) {
      award(id, POINTS.supportGiven, at.getTime());
      award(user.id, POINTS.supportReceived, t);
    }
    const source = samples[language] ?? samples.en;
    const comments = Array.from({ length: rng.count(0.5, 1.5, 40) }, () => {
      const u = rng.next() < 0.2 ? user : someone(user.id);
      const at = after(t);
      award(u.id, POINTS.comment, at.getTime());
      const text = rng.next() < 0.5 ? rng.pick(source) : `${rng.pick(source)}${NO_SPACE.has(language) ? '' : ' '}${rng.pick(source)}`;
      return { userId: u.id, content: text.trim(), language: samples[language] ? language : 'en', at };
    });
    let poll: GenPost['poll'] = null;
    if (rng.next() < 0.03) {
      const options = rng.shuffle(source.filter((o) => graphemeLength(o) <= LIMITS.pollOptionText)).slice(0, 2 + rng.int(3));
      const voters = new Set(Array.from({ length: rng.count(0.2, 8, 60) }, () => rng.pick(people).id));
      poll = {
        question: rng.next() < 0.5 ? rng.pick(source) : null,
        options,
        votes: [...voters].map((userId) => ({ userId, option: rng.int(options.length), at: after(t) })),
      };
      added.polls++;
    }
    const feelingId = rng.next() < 0.85 ? rng.pick(postFeelings) : null;
    const tags = extractHashtags(content);
    if (tags.length) added.tagged++;
    added.supports += supporters.size;
    added.comments += comments.length;
    batch.push({
      userId: user.id,
      content,
      key,
      language,
      feelingId,
      at: new Date(t),
      tags,
      supporters: [...supporters].map(([userId, at]) => ({ userId, at })),
      comments,
      poll,
    });
    if (batch.length === BATCH || k === toAdd - 1) {
      // Written while the next batch is generated (PostgreSQL works in its own process meanwhile).
      await pending;
      const rows = batch;
      pending = (async () => {
        const w0 = performance.now();
        for (const target of targets) await writeBatch(target, rows);
        writeMs += performance.now() - w0;
      })();
      pending.catch(() => {});
      added.posts += batch.length;
      batch = [];
      if (performance.now() - lastLog > 5000 || k === toAdd - 1) {
        lastLog = performance.now();
        log(`posts: ${state.posts + added.posts}/${options.posts}`);
      }
    }
  }

  await pending;

  // Points as awardPoints would have added them, and every user existing before their first act.
  if (points.size > 0) {
    const ids = [...points.keys()];
    const since = ids.map((id) => new Date((firstSeen.get(id) as number) - (1 + rng.int(72)) * 60 * 60 * 1000).toISOString());
    for (const target of targets) {
      await target.db.execute(sql`update users set points = users.points + x.n,
          created_at = least(users.created_at, x.since), updated_at = least(users.updated_at, x.since)
        from unnest(${p(ids)}::int[], ${p([...points.values()])}::int[], ${p(since)}::timestamptz[]) as x(id, n, since)
        where users.id = x.id`);
    }
  }
  for (const target of targets) {
    // A long-running database has been vacuumed and analysed by autovacuum; a fresh fill has not. A checkpoint
    // now keeps the bulk load's writes out of the measurements that follow (superuser only; skipped otherwise).
    await target.db.execute(sql`vacuum analyze`);
    await target.db.execute(sql`checkpoint`).catch(() => {});
  }
  const seconds = (performance.now() - started) / 1000;
  log(`writing batches: ${(writeMs / 1000).toFixed(1)} s`);
  log(
    `done in ${seconds.toFixed(1)} s: +${added.posts} posts, +${added.supports} supports, +${added.comments} comments, +${added.polls} polls, ${added.tagged} tagged`,
  );
  return { posts: state.posts + added.posts, users: Math.max(state.users, wantUsers), added, seconds };
}

async function cli() {
  const { values } = parseArgs({
    options: {
      posts: { type: 'string', default: '200000' },
      users: { type: 'string', default: '5000' },
      seed: { type: 'string', default: '1' },
      'database-url': { type: 'string', multiple: true, default: [] },
      'data-dir': { type: 'string', multiple: true, default: [] },
    },
  });
  const urls = values['database-url'];
  const dirs = values['data-dir'];
  if (urls.length + dirs.length === 0) {
    if (process.env.DATABASE_URL) urls.push(process.env.DATABASE_URL);
    else if (process.env.DATA_DIR) dirs.push(process.env.DATA_DIR);
    else throw new Error('give a target: --database-url URL or --data-dir DIR (or DATABASE_URL / DATA_DIR)');
  }
  const targets = [
    // Filling 200,000 posts runs statements far longer than a request's timeout may be.
    ...(await Promise.all(urls.map((url) => openDatabase({ url, poolSize: 2, timeouts: { connectMs: 10_000, statementMs: 600_000 } })))),
    ...(await Promise.all(dirs.map((dataDir) => openDatabase({ dataDir })))),
  ];
  try {
    const result = await fill(targets, {
      posts: Number(values.posts),
      users: Number(values.users),
      seed: Number(values.seed),
      log: (line) => console.error(`[fill] ${line}`),
    });
    console.log(JSON.stringify(result));
  } finally {
    for (const t of targets) await t.close();
  }
}

if (import.meta.main) await cli();
