/**
 * The heading of a post, mood or thought in a list, so screen-reader users can move through a feed by headings.
 * Sighted readers see the author line instead, so the heading is visually hidden. Its level follows the list's
 * place on the page: 2 under the page's h1, 3 in a section with its own h2.
 */
import type { ReactNode } from 'react';

export type HeadingLevel = 2 | 3;

export function CardHeading({ id, level, children }: { id: string; level: HeadingLevel; children: ReactNode }) {
  const Tag = level === 2 ? 'h2' : 'h3';
  return (
    <Tag id={id} className="sr-only">
      {children}
    </Tag>
  );
}
