/** User text as text: line breaks kept, direction per paragraph, and #hashtags linked to their tag page. */
import { localizedPath } from '../../../core/locales.ts';
import type { Tag } from '../../../core/types.ts';
import { AppLink } from '../AppLink.tsx';

export function RichText({ text, tags = [], locale, className }: { text: string; tags?: Tag[]; locale: string; className?: string }) {
  const byName = new Map(tags.map((t) => [t.name.toLocaleLowerCase(), t]));
  // Split keeps the hashtags as their own pieces; a piece that names a known tag becomes a link.
  const parts = tags.length > 0 ? text.split(/(#[\p{L}\p{M}\p{N}_]{2,50})/u) : [text];
  return (
    <p className={`whitespace-pre-line break-words ${className ?? ''}`} dir="auto">
      {parts.map((part, i) => {
        const tag = part.startsWith('#') ? byName.get(part.slice(1).toLocaleLowerCase()) : undefined;
        return tag ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: pieces of one fixed text never reorder.
          <AppLink key={i} to={localizedPath(locale, `/tag/${tag.id}`)} className="text-brand-700 hover:underline dark:text-brand-300">
            {part}
          </AppLink>
        ) : (
          part
        );
      })}
    </p>
  );
}
