/**
 * User text as text: line breaks kept, direction per paragraph, the language it was detected in (so an Arabic post
 * on a Japanese page is not read, hyphenated or set as Japanese), and #hashtags linked to their tag page.
 */
import { getLocale, isLocale, localizedPath } from '../../../core/locales.ts';
import type { Tag } from '../../../core/types.ts';
import { AppLink } from '../AppLink.tsx';

/** The `lang` attribute for text detected as `language` (a locale code); none when the code is not one of ours. */
export function langOf(language: string | undefined): string | undefined {
  return isLocale(language) ? getLocale(language).lang : undefined;
}

export function RichText({
  text,
  tags = [],
  locale,
  language,
  className,
}: {
  text: string;
  tags?: Tag[];
  locale: string;
  /** The text's detected language (a locale code), when the API has it. */
  language?: string;
  className?: string;
}) {
  const byName = new Map(tags.map((t) => [t.name.toLocaleLowerCase(), t]));
  // Split keeps the hashtags as their own pieces; a piece that names a known tag becomes a link.
  const parts = tags.length > 0 ? text.split(/(#[\p{L}\p{M}\p{N}_]{2,50})/u) : [text];
  // Each piece is keyed by where it starts in the text, which never changes for one text.
  let offset = 0;
  const pieces = parts.map((part) => {
    const at = offset;
    offset += part.length;
    return { part, at };
  });
  return (
    <p className={`whitespace-pre-line wrap-anywhere ${className ?? ''}`} dir="auto" lang={langOf(language)}>
      {pieces.map(({ part, at }) => {
        const tag = part.startsWith('#') ? byName.get(part.slice(1).toLocaleLowerCase()) : undefined;
        return tag ? (
          <AppLink
            key={at}
            to={localizedPath(locale, `/tag/${tag.id}`)}
            className="text-brand-700 underline underline-offset-2 dark:text-brand-100"
          >
            {part}
          </AppLink>
        ) : (
          part
        );
      })}
    </p>
  );
}
