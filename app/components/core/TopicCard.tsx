/** A topic as a card: its cover, category, title, description and number of posts. */

import { localizedPath } from '../../../core/locales.ts';
import type { Topic } from '../../../core/types.ts';
import { textDir } from '../../lib/direction.ts';
import { FormattedMessage } from '../../lib/intl.tsx';
import { AppLink } from '../AppLink.tsx';
import { UnderReview } from '../moderation/UnderReview.tsx';
import { Panel } from '../ui/Panel.tsx';
import type { HeadingLevel } from './CardHeading.tsx';
import { langOf } from './RichText.tsx';

export function TopicCard({
  topic,
  locale,
  heading = 2,
  compact = false,
}: {
  topic: Topic;
  locale: string;
  /** 2 in a list right under the page's h1, 3 in a section with its own h2. */
  heading?: HeadingLevel;
  compact?: boolean;
}) {
  const Heading = heading === 2 ? 'h2' : 'h3';
  return (
    <Panel as="article" padding="none" raised className="overflow-hidden">
      <AppLink to={localizedPath(locale, `/topic/${topic.id}`)} className="block hover:opacity-95">
        {compact ? null : (
          <img src={topic.cover.url} alt="" width={800} height={400} loading="lazy" className="aspect-[2/1] w-full object-cover" />
        )}
        <div className="p-4">
          <UnderReview show={topic.under_review} />
          <p className="text-xs font-medium uppercase tracking-wide text-brand-700 dark:text-brand-100">{topic.category.name}</p>
          <Heading className="mt-1 font-semibold wrap-anywhere" dir={textDir(topic.title, topic.language)} lang={langOf(topic.language)}>
            {topic.title}
          </Heading>
          {compact ? null : (
            <p
              className="mt-1 line-clamp-2 text-sm wrap-anywhere text-stone-600 dark:text-stone-300"
              dir={textDir(topic.description, topic.language)}
              lang={langOf(topic.language)}
            >
              {topic.description}
            </p>
          )}
          <p className="mt-2 text-xs text-stone-500 dark:text-stone-400">
            <FormattedMessage id="topics.posts_count" values={{ count: topic.posts_count }} />
          </p>
        </div>
      </AppLink>
    </Panel>
  );
}
