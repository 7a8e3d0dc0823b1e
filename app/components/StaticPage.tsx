/**
 * Renders a static page from its own catalog. The structure follows the keys in English order:
 * `{page}.title` is the heading, `{page}.intro` and `{page}.updated` lead, and each `{page}.{section}.*`
 * group is a section whose `heading` (or FAQ `question`) is an anchored h2, `itemN` keys a list and every
 * other key a paragraph. Writers add paragraphs by adding keys; no code changes.
 */
import { type ReactNode, useMemo } from 'react';
import { getLocale, localizedPath } from '../../core/locales.ts';
import { intlFor, type Messages, messagesFor } from '../lib/i18n.ts';
import { FormattedMessage, IntlProvider, type IntlShape, useIntl } from '../lib/intl.tsx';
import { type JsonLd, type LdPage, webPageLd } from '../lib/meta.ts';
import { groupBlocks, sectionsOf } from '../lib/page-structure.ts';
import { useSession } from '../lib/session.tsx';
import { AppLink } from './AppLink.tsx';
import { Panel } from './ui/Panel.tsx';

export const CONTACT_EMAIL = 'support@kindred.example';

/** The links a page's texts may hold, as tags: `<privacy>our policy</privacy>`. */
export const PAGE_LINKS = {
  guidelines: '/community-guidelines',
  privacy: '/privacy-policy',
  terms: '/terms-and-conditions',
  contact: '/contactUs',
  faq: '/FAQ',
  about: '/About',
  languages: '/languages',
} as const;

const plain = (chunks: string[]) => chunks.join('');

/** The crisis texts name the report reason as the report dialog lists it, so the two cannot drift apart. */
const mainCatalogValues = (intl: Pick<IntlShape, 'formatMessage'>) => ({ selfHarm: intl.formatMessage({ id: 'report_type.self_harm' }) });

/**
 * A page text without its markup: links and emphasis keep their words, the contact address is written out.
 * `main`, the main catalog's formatter, fills the names the texts take from it (not needed for titles and intros).
 */
export function plainText(locale: string, messages: Messages, key: string, main?: Pick<IntlShape, 'formatMessage'>): string {
  if (!(key in messages)) return '';
  const values = {
    email: CONTACT_EMAIL,
    b: plain,
    ...Object.fromEntries(Object.keys(PAGE_LINKS).map((name) => [name, plain])),
    ...(main ? mainCatalogValues(main) : {}),
  };
  const text = intlFor(getLocale(locale).tag, messages).formatMessage({ id: key }, values);
  return Array.isArray(text) ? text.join('') : String(text);
}

/**
 * The FAQ page's JSON-LD: an FAQPage whose questions are the sections' questions, each answered by the section's
 * paragraphs as plain text (what search engines show as the answer).
 */
export function faqLd(page: LdPage, texts: Texts): JsonLd {
  const main = intlFor(getLocale(page.locale).tag, messagesFor(page.locale));
  const plain = (key: string) => plainText(page.locale, texts.messages, key, main);
  const mainEntity = sectionsOf(texts.keys)
    .filter((s) => s.heading?.endsWith('.question'))
    .map((s) => ({
      '@type': 'Question',
      name: plain(s.heading as string),
      acceptedAnswer: { '@type': 'Answer', text: s.blocks.map((b) => plain(b.key)).join('\n') },
    }));
  return webPageLd(page, 'FAQPage', { mainEntity });
}

interface Texts {
  keys: string[];
  messages: Messages;
  english: string[];
}

export function StaticPage({ page, texts }: { page: string; texts: Texts }) {
  const intl = useIntl();
  // The page's texts join the main catalog for this subtree only; the rest of the app never carries them.
  const messages = useMemo(() => ({ ...(intl.messages as Messages), ...texts.messages }), [intl.messages, texts.messages]);
  return (
    <IntlProvider locale={intl.locale} defaultLocale={intl.defaultLocale} messages={messages} onError={intl.onError}>
      <PageBody page={page} keys={texts.keys} english={texts.english} />
    </IntlProvider>
  );
}

function PageBody({ page, keys, english }: { page: string; keys: string[]; english: string[] }) {
  const { locale } = useSession();
  const intl = useIntl();
  const sections = useMemo(() => sectionsOf(keys), [keys]);
  const has = (k: string) => keys.includes(k);
  const link = (path: string) => (chunks: ReactNode[]) => (
    <AppLink to={localizedPath(locale, path)} className="text-brand-700 underline dark:text-brand-100">
      {chunks}
    </AppLink>
  );
  const values = {
    email: (
      <a href={`mailto:${CONTACT_EMAIL}`} className="text-brand-700 underline dark:text-brand-100">
        {CONTACT_EMAIL}
      </a>
    ),
    b: (chunks: ReactNode[]) => <strong>{chunks}</strong>,
    ...Object.fromEntries(Object.entries(PAGE_LINKS).map(([name, path]) => [name, link(path)])),
    ...mainCatalogValues(intl),
  };
  const inEnglish = new Set(english);
  // A text still waiting for its translation is English: said so, and laid out left to right even on RTL pages.
  const text = (key: string) =>
    inEnglish.has(key) ? (
      <span lang="en" dir="ltr">
        <FormattedMessage id={key} values={values} />
      </span>
    ) : (
      <FormattedMessage id={key} values={values} />
    );

  return (
    <article className="flex flex-col gap-6">
      <header>
        <h1 className="text-3xl font-semibold">{text(`${page}.title`)}</h1>
        {has(`${page}.updated`) ? <p className="mt-1 text-sm text-stone-600 dark:text-stone-400">{text(`${page}.updated`)}</p> : null}
        {has(`${page}.intro`) ? <p className="mt-4 text-lg text-stone-700 dark:text-stone-300">{text(`${page}.intro`)}</p> : null}
      </header>
      {sections.length > 3 ? (
        <Panel as="nav" aria-labelledby="toc-heading" className="text-sm">
          <h2 id="toc-heading" className="mb-2 font-semibold">
            <FormattedMessage id="pages.toc" />
          </h2>
          <ol className="list-decimal space-y-1 ps-5">
            {sections.map((s) =>
              s.heading ? (
                <li key={s.id}>
                  <a href={`#${s.id}`} className="underline-offset-2 hover:underline">
                    {text(s.heading)}
                  </a>
                </li>
              ) : null,
            )}
          </ol>
        </Panel>
      ) : null}
      {sections.map((s) => (
        <section key={s.id} aria-labelledby={s.heading ? s.id : undefined} className="scroll-mt-4">
          {s.heading ? (
            <h2 id={s.id} className="mb-2 scroll-mt-4 text-xl font-semibold">
              {text(s.heading)}
            </h2>
          ) : null}
          {groupBlocks(s.blocks).map((b) =>
            b.kind === 'p' ? (
              <p key={b.key} className="mb-3 leading-relaxed">
                {text(b.key)}
              </p>
            ) : (
              <ul key={b.keys[0]} className="mb-3 list-disc space-y-2 ps-6 leading-relaxed">
                {b.keys.map((k) => (
                  <li key={k}>{text(k)}</li>
                ))}
              </ul>
            ),
          )}
        </section>
      ))}
    </article>
  );
}
