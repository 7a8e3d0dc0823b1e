/** A static page (default layout); its texts come from locales/pages, loaded for this route only. */
import { StaticPage } from '../../components/StaticPage.tsx';
import { pageMeta, webPageLd } from '../../lib/meta.ts';
import { loadPageTexts } from '../../lib/pages.server.ts';
import { screenLocale } from '../../lib/route-check.ts';
import type { Route } from './+types/guidelines';

export function loader({ context }: Route.LoaderArgs) {
  return loadPageTexts(screenLocale(context), 'guidelines');
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches, 'community-guidelines', {
    heading: loaderData?.title,
    description: loaderData?.description,
    jsonLd: (page) => webPageLd(page, 'WebPage'),
  });

export default function Guidelines({ loaderData }: Route.ComponentProps) {
  return <StaticPage page="guidelines" texts={loaderData} />;
}
