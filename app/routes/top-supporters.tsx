/** Top supporters of the month (default layout). The ranking comes with its own issue; the month is shown empty. */
import { FormattedDate, FormattedMessage } from 'react-intl';
import { EmptyState, PageHeading } from '../components/Status.tsx';
import { pageMeta } from '../lib/meta.ts';
import type { Route } from './+types/top-supporters';

export function loader() {
  // The month is the server's, so the page reads the same on the server and after hydration.
  return { month: new Date().toISOString().slice(0, 7) };
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'topSupporters');

export default function TopSupporters({ loaderData }: Route.ComponentProps) {
  const month = <FormattedDate value={`${loaderData.month}-15T12:00:00Z`} year="numeric" month="long" timeZone="UTC" />;
  return (
    <>
      <PageHeading intro={<FormattedMessage id="top_supporters.intro" />}>
        <FormattedMessage id="top_supporters.heading" />
      </PageHeading>
      <h2 className="mb-3 text-lg font-semibold">{month}</h2>
      <EmptyState>
        <FormattedMessage id="top_supporters.empty" values={{ month }} />
      </EmptyState>
    </>
  );
}
