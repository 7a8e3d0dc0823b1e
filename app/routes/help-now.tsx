/**
 * "Need help now?" (default layout), linked from the header of every page: the calm one-minute step and the
 * helplines of the visitor's country (components/crisis/CrisisHelp). Public, works signed out and without
 * JavaScript (the server renders the main country of the interface language and the international directory),
 * kept out of search results: it is a place to be sent to, not a page to be found for words like these.
 */

import { CrisisHelp } from '../components/crisis/CrisisHelp.tsx';
import { PageHeading } from '../components/Status.tsx';
import { FormattedMessage } from '../lib/intl.tsx';
import { pageMeta } from '../lib/meta.ts';
import { screenLocale } from '../lib/route-check.ts';
import type { Route } from './+types/help-now';

export function loader({ context }: Route.LoaderArgs) {
  screenLocale(context);
  return null;
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'help-now', { noindex: true });

export default function HelpNow() {
  return (
    <>
      <PageHeading intro={<FormattedMessage id="crisis.page_intro" />}>
        <FormattedMessage id="crisis.help_now" />
      </PageHeading>
      <div data-testid="help-now">
        <CrisisHelp level={2} />
      </div>
    </>
  );
}
