/** Advice (default layout): advice other members sent about the member's posts. It comes with its own issue. */
import { FormattedMessage } from 'react-intl';
import { EmptyState, PageHeading } from '../components/Status.tsx';
import { requireUser } from '../lib/guard.ts';
import { pageMeta } from '../lib/meta.ts';
import type { Route } from './+types/advice';

export async function loader({ context }: Route.LoaderArgs) {
  await requireUser(context);
  return null;
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'advice', { noindex: true });

export default function Advice() {
  return (
    <>
      <PageHeading intro={<FormattedMessage id="advice.intro" />}>
        <FormattedMessage id="advice.heading" />
      </PageHeading>
      <EmptyState>
        <FormattedMessage id="advice.empty" />
      </EmptyState>
    </>
  );
}
