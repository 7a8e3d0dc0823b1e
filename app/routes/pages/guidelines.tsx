/** A static page (default layout); its texts come from locales/pages, loaded for this route only. */
import { StaticPage } from '../../components/StaticPage.tsx';
import { serverContext } from '../../lib/context.ts';
import { pageMeta } from '../../lib/meta.ts';
import { loadPageTexts } from '../../lib/pages.server.ts';
import type { Route } from './+types/guidelines';

export function loader({ context }: Route.LoaderArgs) {
  return loadPageTexts(context.get(serverContext).locale, 'guidelines');
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches, 'community-guidelines', { heading: loaderData?.messages['guidelines.title'] });

export default function Guidelines({ loaderData }: Route.ComponentProps) {
  return <StaticPage page="guidelines" texts={loaderData} />;
}
