/** The thought list (home layout). Thoughts arrive with their own issue; until then the list is honestly empty. */
import { FormattedMessage } from 'react-intl';
import { EmptyState, PageHeading } from '../components/Status.tsx';
import { pageMeta } from '../lib/meta.ts';
import type { Route } from './+types/thoughts';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'thoughts');

export default function Thoughts() {
  return (
    <>
      <PageHeading intro={<FormattedMessage id="thoughts.intro" />}>
        <FormattedMessage id="thoughts.heading" />
      </PageHeading>
      <EmptyState>
        <FormattedMessage id="thoughts.empty" />
      </EmptyState>
    </>
  );
}
