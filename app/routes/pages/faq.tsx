/** A static page (default layout); its texts come from locales/pages, loaded for this route only. */
import { faqLd, StaticPage } from '../../components/StaticPage.tsx';
import { pageMeta, webPageLd } from '../../lib/meta.ts';
import { loadPageTexts } from '../../lib/pages.server.ts';
import { screenLocale } from '../../lib/route-check.ts';
import type { Route } from './+types/faq';

export function loader({ context }: Route.LoaderArgs) {
  return loadPageTexts(screenLocale(context), 'faq');
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches, 'faq', {
    heading: loaderData?.title,
    description: loaderData?.description,
    jsonLd: (page) => (loaderData ? faqLd(page, loaderData) : webPageLd(page, 'FAQPage')),
  });

export default function Faq({ loaderData }: Route.ComponentProps) {
  return <StaticPage page="faq" texts={loaderData} />;
}
