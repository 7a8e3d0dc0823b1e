/** One thought (default layout): the thought and its reactions, related thoughts; the address is checked before entry. */

import { useNavigate } from 'react-router';
import { localizedPath } from '../../core/locales.ts';
import { AppLink } from '../components/AppLink.tsx';
import { BackArrow } from '../components/BackArrow.tsx';
import { ThoughtCard } from '../components/core/ThoughtCard.tsx';
import { loaderApi } from '../lib/guard.ts';
import { FormattedMessage, useIntl } from '../lib/intl.tsx';
import { useVisible } from '../lib/items.ts';
import { useActivePath } from '../lib/language.ts';
import { excerpt, pageMeta } from '../lib/meta.ts';
import { idParam, notFound, optional, orNotFound, required } from '../lib/route-check.ts';
import { useSession } from '../lib/session.tsx';
import type { Route } from './+types/thought';

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const id = idParam(request, params.id);
  const api = loaderApi(context);
  const { exists } = await required(request, api.checkThoughtUrl(id));
  if (!exists) notFound(request);
  // Related thoughts are a list under the thought, left out when empty, and the JSON-LD is for search engines
  // (a page that fails to read it is not kept by the guest cache): the page is whole without either.
  const [thought, related, jsonLd] = await Promise.all([
    orNotFound(request, api.thought(id)),
    optional(
      api.relatedThoughts(id).then((r) => r.data),
      [],
    ),
    optional(api.thoughtJsonLd(id), null),
  ]);
  return { thought: thought.data, related, jsonLd };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const text = loaderData?.thought.content ?? '';
  return pageMeta(
    matches,
    'thought',
    text ? { heading: excerpt(text, 60), description: text, jsonLd: loaderData?.jsonLd ?? undefined } : {},
  );
};

export default function ThoughtPage({ loaderData }: Route.ComponentProps) {
  const intl = useIntl();
  const { locale } = useSession();
  const toActive = useActivePath();
  const navigate = useNavigate();
  const { thought } = loaderData;
  const related = useVisible('thought', loaderData.related);
  return (
    <>
      <p className="mb-3 text-sm">
        <AppLink to={localizedPath(locale, '/thought')} className="text-brand-700 hover:underline dark:text-brand-100">
          <BackArrow />
          {` ${intl.formatMessage({ id: 'thoughts.back' })}`}
        </AppLink>
      </p>
      <h1 className="sr-only">
        <FormattedMessage id="thoughts.page_heading" values={{ name: thought.user.nickname }} />
      </h1>
      <ThoughtCard
        key={thought.id}
        thought={thought}
        page
        onRemoved={() => navigate(toActive(localizedPath(locale, '/thought')), { replace: true })}
      />
      {related.length > 0 ? (
        <section aria-labelledby="related-thoughts" className="mt-10">
          <h2 id="related-thoughts" className="mb-3 text-lg font-semibold">
            <FormattedMessage id="thoughts.related" />
          </h2>
          <ul className="flex flex-col gap-3">
            {related.map((t) => (
              <li key={t.id}>
                <ThoughtCard thought={t} heading={3} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}
