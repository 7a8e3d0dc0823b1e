/**
 * Where drafts live: this browser's localStorage, one item per person and text box. Without storage (some privacy
 * modes) or with it full, nothing is kept and nothing fails.
 */
const PREFIX = 'kindred:draft:';

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

const keyOf = (userId: number, name: string) => `${PREFIX}${userId}:${name}`;

export function readDraft(userId: number, name: string): string | null {
  return storage()?.getItem(keyOf(userId, name)) ?? null;
}

export function writeDraft(userId: number, name: string, text: string) {
  try {
    if (text.trim()) storage()?.setItem(keyOf(userId, name), text);
    else storage()?.removeItem(keyOf(userId, name));
  } catch {
    // A full storage loses only the copy; the text is still in the box.
  }
}

/** A session ended for good (signed out, erased) leaves nothing of the person's unsent words on a shared device. */
export function forgetDrafts(userId: number) {
  const store = storage();
  if (!store) return;
  const mine = keyOf(userId, '');
  for (const key of Object.keys(store)) if (key.startsWith(mine)) store.removeItem(key);
}
