/**
 * The frame every layout shares: skip link, header, the page's <main> (and optional side column beside it,
 * not inside it, so landmarks stay top level), footer.
 */
import type { ReactNode } from 'react';
import { FormattedMessage } from '../lib/intl.tsx';
import { CareNotice } from './moderation/CareNotice.tsx';
import { SiteFooter } from './SiteFooter.tsx';
import { SiteHeader } from './SiteHeader.tsx';

interface FrameProps {
  children: ReactNode;
  /** Show the main navigation (off for nonavpage). */
  nav?: boolean;
  footer?: boolean;
  /** Classes of the row that holds <main> and the side column. */
  className?: string;
  mainClassName?: string;
  /** Rendered before <main> (a settings menu) or after it (the home page's side column). */
  before?: ReactNode;
  after?: ReactNode;
}

export function Frame({ children, nav = true, footer = true, className, mainClassName, before, after }: FrameProps) {
  return (
    // The bottom padding is the pinned crisis notice's height while it is up (CrisisAfterSend), else none.
    <div className="flex min-h-screen flex-col pb-(--pinned-notice)">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:start-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2 dark:focus:bg-stone-900"
      >
        <FormattedMessage id="common.skip_to_content" />
      </a>
      <SiteHeader nav={nav} />
      <div className={className ?? 'mx-auto w-full max-w-2xl flex-1 px-4 py-6'}>
        {before}
        {/* tabIndex lets focus move here after a navigation, so screen readers start at the new content. */}
        <main id="main" tabIndex={-1} className={mainClassName ?? 'outline-none'}>
          <CareNotice />
          {children}
        </main>
        {after}
      </div>
      {footer ? <SiteFooter /> : null}
    </div>
  );
}
