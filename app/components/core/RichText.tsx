/**
 * User text as text: line breaks kept, the direction of its language (app/lib/direction.ts), the language it was
 * detected in (so an Arabic post on a Japanese page is not read, hyphenated or set as Japanese), and #hashtags linked
 * to their tag page. Each hashtag is isolated (`dir="auto"` isolates), so "#sleep2026" in Arabic text reads as
 * written instead of taking the paragraph's direction for its "#" ("sleep2026#"). Web addresses and @names are
 * isolated too, as text: a "/" ending an address, or the "@" opening a name, would otherwise move to the address's
 * or name's other end in right-to-left text.
 */
import { getLocale, isLocale, localizedPath } from '../../../core/locales.ts';
import type { Tag } from '../../../core/types.ts';
import { textDir } from '../../lib/direction.ts';
import { AppLink } from '../AppLink.tsx';

/** The `lang` attribute for text detected as `language` (a locale code); none when the code is not one of ours. */
export function langOf(language: string | undefined): string | undefined {
  return isLocale(language) ? getLocale(language).lang : undefined;
}

/**
 * The pieces read in their own direction, each kept as its own piece by the group when splitting (at the odd
 * places): a hashtag (core/text.ts's shape); a web address, without the sentence's punctuation after it; an @name
 * that does not follow a letter (an e-mail address's is part of it). Bounded, with no nested repetition: linear.
 */
const ISOLATED =
  /(#[\p{L}\p{M}\p{N}_]{2,50}|https?:\/\/[^\s]{0,2000}[^\s.,;:!?)\]»"'،؛؟]|(?<![\p{L}\p{M}\p{N}_])@[\p{L}\p{M}\p{N}_]{1,50})/u;

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
  // Split keeps the isolated pieces as their own; a hashtag that names a known tag becomes a link, and any other
  // piece is isolated all the same.
  const parts = text.split(ISOLATED);
  // Each piece is keyed by where it starts in the text, which never changes for one text.
  let offset = 0;
  const pieces = parts.map((part, i) => {
    const at = offset;
    offset += part.length;
    return { part, at, isolated: i % 2 === 1 };
  });
  return (
    <p className={`whitespace-pre-line wrap-anywhere ${className ?? ''}`} dir={textDir(text, language)} lang={langOf(language)}>
      {pieces.map(({ part, at, isolated }) => {
        if (!isolated) return part;
        const tag = part.startsWith('#') ? byName.get(part.slice(1).toLocaleLowerCase()) : undefined;
        return tag ? (
          <AppLink
            key={at}
            to={localizedPath(locale, `/tag/${tag.id}`)}
            className="text-brand-700 underline underline-offset-2 dark:text-brand-100"
            dir="auto"
          >
            {part}
          </AppLink>
        ) : (
          <bdi key={at}>{part}</bdi>
        );
      })}
    </p>
  );
}
