/**
 * Text typed into a server-rendered box before the page could listen (a slow phone, scripts still loading): hydration
 * sets each controlled box to the value its component holds, the empty box the server rendered, so those words would
 * be gone. The boxes useDraft keeps carry `data-draft` (their draft's name); what was typed into them is noted just
 * before hydration and taken back by useDraft once it runs, as the newest text of that draft.
 */
const typed = new Map<string, string>();

/** Notes the text typed so far into the page's draft boxes; called once, before hydration. */
export function noteTypedBeforeHydration(doc: Document = document): void {
  for (const box of doc.querySelectorAll<HTMLTextAreaElement | HTMLInputElement>('textarea[data-draft], input[data-draft]')) {
    const name = box.dataset.draft;
    if (name && box.value !== box.defaultValue && box.value.trim() !== '') typed.set(name, box.value);
  }
}

/** What was typed into the draft box `name` before hydration, once (undefined when nothing was). */
export function takeTypedBeforeHydration(name: string): string | undefined {
  const text = typed.get(name);
  typed.delete(name);
  return text;
}
