/** The white (dark: stone) rounded box that holds a card, a form or an aside, in one place for both themes. */
import type { HTMLAttributes, Ref } from 'react';

const TONES = {
  plain: 'border-stone-200 dark:border-stone-800',
  /** A box around something that cannot be undone (deactivating the account). */
  danger: 'border-red-300 dark:border-red-900',
} as const;

const PADDINGS = { none: '', md: 'p-4', lg: 'p-5' } as const;

export function panelClass({
  tone = 'plain',
  padding = 'md',
  raised = false,
  extra,
}: {
  tone?: keyof typeof TONES;
  padding?: keyof typeof PADDINGS;
  /** Cards in a feed lift off the page; panels on a settings screen lie flat. */
  raised?: boolean;
  extra?: string;
} = {}): string {
  return ['rounded-2xl border bg-white dark:bg-stone-900', TONES[tone], PADDINGS[padding], raised ? 'shadow-sm' : '', extra ?? '']
    .filter(Boolean)
    .join(' ');
}

export function Panel({
  as: Tag = 'div',
  tone,
  padding,
  raised,
  className,
  ref,
  ...props
}: HTMLAttributes<HTMLElement> & {
  as?: 'div' | 'section' | 'article' | 'aside' | 'nav' | 'form' | 'fieldset' | 'li';
  tone?: keyof typeof TONES;
  padding?: keyof typeof PADDINGS;
  raised?: boolean;
  noValidate?: boolean;
  ref?: Ref<HTMLElement>;
}) {
  // Typed as one of its tags: TypeScript cannot join the ref types of all of them, though each is an HTMLElement.
  const Box = Tag as 'div';
  return <Box {...props} ref={ref as Ref<HTMLDivElement>} className={panelClass({ tone, padding, raised, extra: className })} />;
}
