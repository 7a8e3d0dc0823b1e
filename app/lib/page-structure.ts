/**
 * The structure of a static page, read from its keys in English order: `{page}.{section}.heading` (or an FAQ
 * `question`) opens a section, `itemN` keys form lists, every other key is a paragraph.
 */
export interface Section {
  id: string;
  heading: string | null;
  blocks: { kind: 'p' | 'item'; key: string }[];
}

export function sectionsOf(keys: string[]): Section[] {
  const sections: Section[] = [];
  for (const key of keys) {
    const [, id, part] = key.split('.');
    if (!part) continue;
    let section = sections.at(-1);
    if (section?.id !== id) {
      section = { id, heading: null, blocks: [] };
      sections.push(section);
    }
    if (part === 'heading' || part === 'question') section.heading = key;
    else section.blocks.push({ kind: /^item\d+$/.test(part) ? 'item' : 'p', key });
  }
  return sections.filter((s) => s.heading || s.blocks.length);
}

/** Consecutive items form one list; everything else is a paragraph. */
export function groupBlocks(blocks: Section['blocks']) {
  const out: ({ kind: 'p'; key: string } | { kind: 'list'; keys: string[] })[] = [];
  for (const b of blocks) {
    const last = out.at(-1);
    if (b.kind === 'item' && last?.kind === 'list') last.keys.push(b.key);
    else if (b.kind === 'item') out.push({ kind: 'list', keys: [b.key] });
    else out.push({ kind: 'p', key: b.key });
  }
  return out;
}
