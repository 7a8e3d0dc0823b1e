/** Chat (chat layout): the member's conversations. Messaging comes with its own issue; until then there are none. */
import { FormattedMessage } from 'react-intl';
import { EmptyState } from '../components/Status.tsx';
import { Panel } from '../components/ui/Panel.tsx';
import { requireUser } from '../lib/guard.ts';
import { pageMeta } from '../lib/meta.ts';
import type { Route } from './+types/chat';

export async function loader({ context }: Route.LoaderArgs) {
  await requireUser(context);
  return null;
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'chat', { noindex: true });

export default function Chat() {
  return (
    <div className="grid flex-1 gap-4 md:grid-cols-[18rem_minmax(0,1fr)]">
      <Panel as="section" aria-labelledby="conversations-heading">
        <h1 id="conversations-heading" className="mb-3 text-lg font-semibold">
          <FormattedMessage id="chat.heading" />
        </h1>
        <EmptyState>
          <FormattedMessage id="chat.empty" />
        </EmptyState>
      </Panel>
      <section className="hidden items-center justify-center rounded-2xl border border-stone-200 p-6 text-center text-stone-600 md:flex dark:border-stone-800 dark:text-stone-400">
        <p>
          <FormattedMessage id="chat.how" />
        </p>
      </section>
    </div>
  );
}
