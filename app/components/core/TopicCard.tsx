/** A topic as a card: its cover, category, title, description and number of posts. */
import { FormattedMessage } from 'react-intl';
import { localizedPath } from '../../../core/locales.ts';
import type { Topic } from '../../../core/types.ts';
import { AppLink } from '../AppLink.tsx';
import { Panel } from '../ui/Panel.tsx';

export function TopicCard({ topic, locale, compact = false }: { topic: Topic; locale: string; compact?: boolean }) {
  return (
    <Panel as="article" padding="none" raised className="overflow-hidden">
      <AppLink to={localizedPath(locale, `/topic/${topic.id}`)} className="block hover:opacity-95">
        {compact ? null : (
          <img src={topic.cover.url} alt="" width={800} height={400} loading="lazy" className="aspect-[2/1] w-full object-cover" />
        )}
        <div className="p-4">
          <p className="text-xs font-medium uppercase tracking-wide text-brand-700 dark:text-brand-300">{topic.category.name}</p>
          <h3 className="mt-1 font-semibold" dir="auto">
            {topic.title}
          </h3>
          {compact ? null : (
            <p className="mt-1 line-clamp-2 text-sm text-stone-600 dark:text-stone-300" dir="auto">
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
