/**
 * Where drafts live: this browser's localStorage, one item per person and text box. Without storage (some privacy
 * modes) or with it full, nothing is kept and nothing fails.
 */
const PREFIX = 'kindred:draft:';
/** In this tab's sessionStorage: the person whose session expired here, whose drafts go to whoever signs in next. */
const LAPSED = 'kindred:lapsed';
/**
 * Drafts only their account can use are never carried over to a new one: a conversation's (a new account is not in
 * it), a report of one of its messages (its note may quote them), and an edit of the account's own post, mood,
 * thought or comment (lib/editing.ts; nobody else may edit it).
 */
const ACCOUNTS_OWN = ['chat:', 'report:message:', 'edit:'];

function storage(kind: 'localStorage' | 'sessionStorage' = 'localStorage'): Storage | null {
  try {
    return window[kind];
  } catch {
    return null;
  }
}

const keyOf = (userId: number, name: string) => `${PREFIX}${userId}:${name}`;

function write(userId: number, name: string, value: string | null) {
  try {
    if (value === null) storage()?.removeItem(keyOf(userId, name));
    else storage()?.setItem(keyOf(userId, name), value);
  } catch {
    // A full storage loses only the copy; the text is still on screen.
  }
}

export function readDraft(userId: number, name: string): string | null {
  return storage()?.getItem(keyOf(userId, name)) ?? null;
}

export function writeDraft(userId: number, name: string, text: string) {
  write(userId, name, text.trim() ? text : null);
}

/** A draft that is more than a text (a poll, the messages not sent yet), kept as JSON; `null` removes it. */
export function readKept<T>(userId: number, name: string): T | null {
  const raw = readDraft(userId, name);
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

export function writeKept(userId: number, name: string, value: unknown) {
  write(userId, name, value === null ? null : JSON.stringify(value));
}

function namesOf(store: Storage, userId: number): string[] {
  const mine = keyOf(userId, '');
  return Object.keys(store)
    .filter((key) => key.startsWith(mine))
    .map((key) => key.slice(mine.length));
}

/** A session ended for good (signed out, erased) leaves nothing of the person's unsent words on a shared device. */
export function forgetDrafts(userId: number) {
  const store = storage();
  if (store) for (const name of namesOf(store, userId)) store.removeItem(keyOf(userId, name));
  if (lapsedAccount() === userId) storage('sessionStorage')?.removeItem(LAPSED);
}

/**
 * The server refused a call for want of a session (it expired; nobody signed out): the person's drafts stay, and
 * whoever signs in next in this tab (the same person, or a guest, who can only come back as a new account) gets them.
 */
export function noteLapsed(userId: number) {
  try {
    storage('sessionStorage')?.setItem(LAPSED, String(userId));
  } catch {
    // Without it, the drafts wait under the former account, as before.
  }
}

function lapsedAccount(): number | null {
  const raw = storage('sessionStorage')?.getItem(LAPSED);
  return raw ? Number(raw) : null;
}

/**
 * Someone signed in: the drafts of an account whose session expired in this tab become theirs (the words just
 * written win over an older draft of the same box). Its conversations' and its edits' drafts stay with it.
 */
export function adoptLapsedDrafts(userId: number) {
  const from = lapsedAccount();
  if (from === null) return;
  storage('sessionStorage')?.removeItem(LAPSED);
  const store = storage();
  if (from === userId || !store) return;
  for (const name of namesOf(store, from)) {
    if (ACCOUNTS_OWN.some((prefix) => name.startsWith(prefix))) continue;
    const key = keyOf(from, name);
    write(userId, name, store.getItem(key));
    store.removeItem(key);
  }
}
