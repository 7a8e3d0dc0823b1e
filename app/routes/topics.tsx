/** The topic list (home layout). Topics arrive with their own issue; until then the list is honestly empty. */
import { FormattedMessage } from 'react-intl';
import { EmptyState, PageHeading } from '../components/Status.tsx';
import { pageMeta } from '../lib/meta.ts';
import type { Route } from './+types/topics';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'topics');

export default function Topics() {
  return (
    <>
      <PageHeading intro={<FormattedMessage id="topics.intro" />}>
        <FormattedMessage id="topics.heading" />
      </PageHeading>
      <EmptyState>
        <FormattedMessage id="topics.empty" />
      </EmptyState>
    </>
  );
}
