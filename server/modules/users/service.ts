/** Users: loading, serializing to API objects, and the changes a user makes to their own account. */
import { and, eq, getTableColumns, ne, sql } from 'drizzle-orm';
import type { Theme } from '../../../core/limits.ts';
import { isLocale } from '../../../core/locales.ts';
import { isModeratorRole } from '../../../core/moderation.ts';
import { RANKS, rankForPoints } from '../../../core/ranks.ts';
import type { Avatar, PublicUser, User } from '../../../core/types.ts';
import type { DbOrTx } from '../../../db/client.ts';
import { avatars, ranks, users } from '../../../db/schema.ts';
import { Invalid, NotFound, Unauthenticated } from '../../errors.ts';
import { translate } from '../../i18n.ts';
import type { Read } from '../../lib/prepared.ts';
import { allNicknames, anyNickname, type Nickname, nicknameById, nicknameCount, randomNicknames, shuffle } from './nickname-words.ts';

/** bench/fill.ts makes people by the thousand with any nickname; tests name suggestions by id. */
export { anyNickname, nicknameById };

export type UserRow = typeof users.$inferSelect & { avatarFile: string | null };

export const avatarUrl = (file: string) => `/avatars/${file}`;

/** A user row as UserRow has it: the user's columns and the avatar's file. */
export const userColumns = { ...getTableColumns(users), avatarFile: avatars.file };

export async function findUser(db: DbOrTx, id: number): Promise<UserRow | null> {
  const [row] = await db.select(userColumns).from(users).leftJoin(avatars, eq(avatars.id, users.avatarId)).where(eq(users.id, id));
  return row ?? null;
}

export async function getUser(db: DbOrTx, id: number): Promise<UserRow> {
  const row = await findUser(db, id);
  if (!row) throw new NotFound();
  return row;
}

/** Rank ids as stored, read once per database. */
const rankIds = new WeakMap<object, Map<string, number>>();
export async function loadRankIds(db: DbOrTx): Promise<Map<string, number>> {
  let map = rankIds.get(db);
  if (!map) {
    const rows = await db.select({ id: ranks.id, key: ranks.key }).from(ranks);
    map = new Map(rows.map((r) => [r.key, r.id]));
    rankIds.set(db, map);
  }
  return map;
}

export interface Serializer {
  locale: string;
  rankIds: Map<string, number>;
}

export async function serializer(db: DbOrTx, locale: string): Promise<Serializer> {
  return { locale, rankIds: await loadRankIds(db) };
}

export function toPublicUser(row: Pick<UserRow, 'id' | 'nickname' | 'avatarId' | 'avatarFile' | 'points'>, s: Serializer): PublicUser {
  const rank = rankForPoints(row.points);
  return {
    id: row.id,
    nickname: row.nickname,
    avatar: row.avatarId && row.avatarFile ? { id: row.avatarId, url: avatarUrl(row.avatarFile) } : null,
    rank: { id: s.rankIds.get(rank.key) ?? rank.level, name: translate(s.locale, `rank.${rank.key}`), level: rank.level },
  };
}

/** The signed-in user as GET /api/get/data/user answers them in a language (also a page's own user, plugins/web.ts). */
export async function userAnswer(db: DbOrTx, row: UserRow, locale: string): Promise<User> {
  return toUser(row, await serializer(db, locale));
}

export function toUser(row: UserRow, s: Serializer): User {
  return {
    ...toPublicUser(row, s),
    username: row.username,
    email: row.email,
    locale: row.locale,
    theme: row.theme as Theme,
    content_languages: row.contentLanguages,
    auto_detect_languages: row.autoDetectLanguages,
    notification_settings: { support: row.notifySupport, advice: row.notifyAdvice, message: row.notifyMessage },
    has_password: row.passwordHash !== null,
    is_moderator: isModeratorRole(row.role),
    points: row.points,
    created_at: row.createdAt.toISOString(),
    show_in_top_supporters: row.showInTopSupporters,
  };
}

/** Columns of a content item's author, selected beside the item (joined users and avatars). */
export const authorColumns = {
  authorId: users.id,
  authorNickname: users.nickname,
  authorAvatarId: users.avatarId,
  authorAvatarFile: avatars.file,
  authorPoints: users.points,
};

type AuthorJoin = {
  authorId: number;
  authorNickname: string;
  authorAvatarId: number | null;
  authorAvatarFile: string | null;
  authorPoints: number;
};

export function toAuthor(row: AuthorJoin, s: Serializer): PublicUser {
  return toPublicUser(
    {
      id: row.authorId,
      nickname: row.authorNickname,
      avatarId: row.authorAvatarId,
      avatarFile: row.authorAvatarFile,
      points: row.authorPoints,
    },
    s,
  );
}

/** toAuthor of a row kept as the driver's array (preparedArrays): its readers of authorColumns, found once. */
export function authorShape(field: <T>(path: keyof typeof authorColumns) => Read<T>) {
  const id = field<number>('authorId');
  const nickname = field<string>('authorNickname');
  const avatarId = field<number | null>('authorAvatarId');
  const avatarFile = field<string | null>('authorAvatarFile');
  const points = field<number>('authorPoints');
  return (r: unknown[], s: Serializer): PublicUser =>
    toPublicUser({ id: id(r), nickname: nickname(r), avatarId: avatarId(r), avatarFile: avatarFile(r), points: points(r) }, s);
}

export async function listAvatars(db: DbOrTx): Promise<Avatar[]> {
  const rows = await db.select().from(avatars).orderBy(avatars.sortOrder, avatars.id);
  return rows.map((a) => ({ id: a.id, url: avatarUrl(a.file) }));
}

/**
 * Whether a member other than `exceptId` is known by this nickname; case does not tell two names apart to a reader.
 * Both sides are lowered by the database: JavaScript lowers some letters otherwise (Azerbaijani "İ").
 */
async function nicknameInUse(db: DbOrTx, nickname: string, exceptId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(sql`lower(${users.nickname})`, sql`lower(${nickname})`), ne(users.id, exceptId)))
    .limit(1);
  return Boolean(row);
}

/**
 * Those of `candidates` no member uses now, in their order: one query, one probe of users_nickname_lower_idx per
 * candidate. The lateral LIMIT keeps it to probes: as a semi-join, PostgreSQL hashed all the users for a few
 * thousand candidates (120 ms at 100,000 members against 28 ms of probes).
 */
async function untaken(db: DbOrTx, candidates: readonly Nickname[]): Promise<Nickname[]> {
  if (!candidates.length) return [];
  const used = await db.select({ name: sql<string>`c.name` }).from(
    sql`unnest(${sql.param(candidates.map((n) => n.nickname))}::text[]) as c(name)
        cross join lateral (select 1 from ${users} where lower(${users.nickname}) = lower(c.name) limit 1) as member`,
  );
  const taken = new Set(used.map((u) => u.name));
  return candidates.filter((n) => !taken.has(n.nickname));
}

/** Candidates drawn per nickname wanted: while most of a language's nicknames are free, one small query finds enough. */
const SAMPLE_PER_WANTED = 5;
/** How long a language found to have too few free nicknames is not checked in full again. */
const SCARCE_MS = 60_000;
/**
 * Languages whose full check found fewer free nicknames than wanted, with those few. A community larger than a
 * language's nicknames stays there, and checking them all (a few thousand index probes, tens of ms) on every guest
 * sign-in would be its steady state. For a minute the sample and those few are checked instead; a nickname freed
 * meanwhile (its member took another) is offered once sampled or after the minute. Per process: the database is
 * still asked about every nickname offered.
 */
const scarce = new Map<string, { at: number; free: Nickname[] }>();

/**
 * Up to `count` of the language's nicknames that no member uses now, in random order. A random sample is checked
 * first; only when it holds too few free ones (the language's nicknames are mostly taken) are all of them checked.
 */
async function freeNicknames(db: DbOrTx, locale: string, count: number): Promise<Nickname[]> {
  const sample = randomNicknames(locale, count * SAMPLE_PER_WANTED);
  const known = scarce.get(locale);
  const recent = known && Date.now() - known.at < SCARCE_MS ? known.free : null;
  const candidates = recent ? [...new Map([...recent, ...sample].map((n) => [n.id, n])).values()] : sample;
  const free = shuffle(await untaken(db, candidates));
  if (free.length >= count || recent || sample.length === nicknameCount(locale)) return free.slice(0, count);
  const all = shuffle(await untaken(db, allNicknames(locale)));
  if (all.length < count) scarce.set(locale, { at: Date.now(), free: all });
  else scarce.delete(locale);
  return all.slice(0, count);
}

/**
 * A new guest's nickname in the given language, composed from its words: one no member uses while any is left;
 * after that any of them, since a guest must always be able to come in (nicknames are not unique).
 */
export async function makeNickname(db: DbOrTx, locale: string): Promise<string> {
  const [free] = await freeNicknames(db, locale, 1);
  return free?.nickname ?? anyNickname(locale);
}

/**
 * Suggestions are named by an id that encodes their language and words (nickname-words.ts), so offering them stores
 * nothing (a read writes no rows) and choosing one by id (PUT /api/users/{id}) composes the same nickname again.
 * Only nicknames no member uses are offered: fewer than `count`, or none, when the language's words are nearly all
 * taken.
 */
export async function suggestNicknames(db: DbOrTx, locale: string, count = 5): Promise<Nickname[]> {
  return freeNicknames(db, locale, count);
}

export async function rankLadder(db: DbOrTx, points: number, locale: string) {
  const ids = await loadRankIds(db);
  const current = rankForPoints(points);
  return RANKS.map((r) => ({
    id: ids.get(r.key) ?? r.level,
    name: translate(locale, `rank.${r.key}`),
    level: r.level,
    min_points: r.minPoints,
    is_current: r.key === current.key,
  }));
}

export interface UserChanges {
  avatar_id?: number;
  nickname_id?: number;
  nickname?: string;
  locale?: string;
  theme?: Theme;
  show_in_top_supporters?: boolean;
}

export async function updateUser(db: DbOrTx, id: number, changes: UserChanges): Promise<UserRow> {
  const set: Partial<typeof users.$inferInsert> = { updatedAt: new Date() };
  if (changes.avatar_id !== undefined) {
    const [a] = await db.select({ id: avatars.id }).from(avatars).where(eq(avatars.id, changes.avatar_id));
    if (!a) throw new Invalid({ avatar_id: { key: 'validation.unknown_avatar' } });
    set.avatarId = a.id;
  }
  if (changes.nickname_id !== undefined) {
    const nickname = nicknameById(changes.nickname_id);
    if (!nickname) throw new Invalid({ nickname_id: { key: 'validation.unknown_nickname' } });
    // It was free when offered; someone may have taken it since. Two people choosing it at once wait for each
    // other here (the caller's transaction holds the lock), so the second one is told, not given a twin.
    await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`nickname:${nickname.toLowerCase()}`}, 0))`);
    if (await nicknameInUse(db, nickname, id)) throw new Invalid({ nickname_id: { key: 'validation.nickname_taken' } });
    set.nickname = nickname;
  }
  if (changes.nickname !== undefined) set.nickname = changes.nickname;
  if (changes.locale !== undefined) {
    if (!isLocale(changes.locale)) throw new Invalid({ locale: { key: 'validation.unknown_locale' } });
    set.locale = changes.locale;
  }
  if (changes.theme !== undefined) set.theme = changes.theme;
  if (changes.show_in_top_supporters !== undefined) set.showInTopSupporters = changes.show_in_top_supporters;
  await db.update(users).set(set).where(eq(users.id, id));
  return getUser(db, id);
}

export async function setPushToken(db: DbOrTx, id: number, fcmToken: string | null): Promise<UserRow> {
  await db.update(users).set({ fcmToken, updatedAt: new Date() }).where(eq(users.id, id));
  return getUser(db, id);
}

/** The kinds of notification a person can switch off (API.md: `/api/disable-{kind}-notification`). */
export const NOTIFICATION_KINDS = ['support', 'advice', 'message'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

const notifyColumn = { support: 'notifySupport', advice: 'notifyAdvice', message: 'notifyMessage' } as const;

/** Flips one switch in a single statement, so two quick toggles never read the same old value. */
export async function toggleNotification(db: DbOrTx, id: number, kind: NotificationKind): Promise<UserRow> {
  const column = users[notifyColumn[kind]];
  await db
    .update(users)
    .set({ [notifyColumn[kind]]: sql`not ${column}`, updatedAt: new Date() })
    .where(eq(users.id, id));
  return getUser(db, id);
}

async function isTaken(db: DbOrTx, column: 'username' | 'email', value: string, exceptId: number) {
  const col = column === 'username' ? users.username : users.email;
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(sql`lower(${col})`, value.toLowerCase()), ne(users.id, exceptId)));
  return Boolean(row);
}

export async function updateProfileInformation(db: DbOrTx, id: number, info: { email?: string | null; username?: string }) {
  const fields: Record<string, { key: string }> = {};
  if (info.username !== undefined && (await isTaken(db, 'username', info.username, id))) fields.username = { key: 'validation.taken' };
  if (info.email && (await isTaken(db, 'email', info.email, id))) fields.email = { key: 'validation.taken' };
  if (Object.keys(fields).length) throw new Invalid(fields);
  const set: Partial<typeof users.$inferInsert> = { updatedAt: new Date() };
  if (info.username !== undefined) set.username = info.username;
  if (info.email !== undefined) set.email = info.email || null;
  await db.update(users).set(set).where(eq(users.id, id));
  return getUser(db, id);
}

/** Points move with the action that earns them, in its transaction; they never go below zero. */
export async function awardPoints(tx: DbOrTx, userId: number, points: number): Promise<void> {
  await tx
    .update(users)
    .set({ points: sql`greatest(0, ${users.points} + ${points})` })
    .where(eq(users.id, userId));
}

/**
 * The first statement of every write a person makes: holds their row (FOR KEY SHARE) until the transaction ends, so
 * an erasure (server/modules/account/erase.ts), which locks the row FOR UPDATE before anything else, runs either
 * wholly before the write or wholly after it. After an erasure the row is gone and the write is refused with 401.
 */
export async function activeUser(tx: DbOrTx, userId: number): Promise<void> {
  const [row] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('key share');
  if (!row) throw new Unauthenticated();
}
