/** The profile's achievements: earned ones first in their order, locked ones with the progress toward their goal. */

import type { Achievement } from '../../../core/schemas/achievements.ts';
import { FormattedMessage, useIntl } from '../../lib/intl.tsx';
import { Panel } from '../ui/Panel.tsx';

export function AchievementList({ achievements }: { achievements: Achievement[] }) {
  const intl = useIntl();
  const earned = achievements.filter((a) => a.earned_at !== null);
  const locked = achievements.filter((a) => a.earned_at === null);
  return (
    <Panel as="section" aria-labelledby="achievements-heading" padding="lg" className="mt-8">
      <h2 id="achievements-heading" className="text-lg font-semibold">
        <FormattedMessage id="profile.achievements_heading" />
      </h2>
      <p className="mt-1 text-sm text-stone-600 dark:text-stone-400">
        {`${intl.formatMessage({ id: 'profile.achievements_intro' })} `}
        <span data-testid="achievements-count">
          <FormattedMessage id="profile.achievements_count" values={{ earned: earned.length, total: achievements.length }} />
        </span>
      </p>
      <ul className="mt-4 grid gap-3 sm:grid-cols-2">
        {[...earned, ...locked].map((a) => {
          const done = a.earned_at !== null;
          return (
            <li
              key={a.key}
              data-testid="achievement"
              data-key={a.key}
              data-earned={done ? 'true' : 'false'}
              className={`flex gap-3 rounded-xl border p-3 ${
                done ? 'border-brand-500 bg-brand-50 dark:border-brand-700 dark:bg-stone-900' : 'border-stone-200 dark:border-stone-800'
              }`}
            >
              <span aria-hidden="true" className={`text-2xl ${done ? '' : 'opacity-40 grayscale'}`}>
                {done ? '🏅' : '🔒'}
              </span>
              <div className="min-w-0 flex-1">
                <h3 className="font-medium">{a.name}</h3>
                <p className="text-sm text-stone-600 dark:text-stone-400">{a.description}</p>
                {done ? (
                  <p className="mt-1 text-sm font-medium text-brand-700 dark:text-brand-100">
                    <FormattedMessage id="profile.achievement_earned" />
                  </p>
                ) : (
                  <div className="mt-2">
                    <span className="sr-only">
                      <FormattedMessage id="profile.achievement_locked" />
                    </span>
                    {a.goal > 1 ? (
                      <>
                        <progress className="h-2 w-full accent-brand-600" max={a.goal} value={a.progress} aria-label={a.name} />
                        <p className="text-xs text-stone-600 dark:text-stone-400">
                          <FormattedMessage
                            id="profile.achievement_progress"
                            values={{ progress: intl.formatNumber(a.progress), goal: intl.formatNumber(a.goal) }}
                          />
                        </p>
                      </>
                    ) : (
                      <p aria-hidden="true" className="text-xs text-stone-600 dark:text-stone-400">
                        <FormattedMessage id="profile.achievement_locked" />
                      </p>
                    )}
                  </div>
                )}
              </div>
            </li>
          );
        })}
      </ul>
    </Panel>
  );
}
