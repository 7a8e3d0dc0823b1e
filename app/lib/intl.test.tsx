import { existsSync, readFileSync } from 'node:fs';
import { type MessageFormatElement, TYPE } from '@formatjs/icu-messageformat-parser';
import { isValidElement, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import * as ReactIntl from 'react-intl';
import { describe, expect, it } from 'vitest';
import { getLocale, LOCALE_CODES } from '../../core/locales.ts';
import { compileCatalog, mergeChain } from '../../scripts/catalogs.ts';
import * as Ours from './intl.tsx';

/**
 * The app's runtime (intl.tsx) against the react-intl it replaced: the same text and the same React nodes (types,
 * keys, children) for every message of every compiled catalog, with counts across each language's plural forms,
 * texts and React elements as values and tags as functions; the same numbers, dates and relative times; the same
 * server markup from the components (renderToString marks text node boundaries, which hydration compares). react-intl stays a development dependency for this comparison.
 */

const read = (code: string) =>
  JSON.parse(readFileSync(new URL(`../../locales/${code}.json`, import.meta.url), 'utf8')) as Record<string, string>;
/** The static pages' texts (StaticPage.tsx formats them over the catalog): where the catalogs' tags are. */
const readPages = (code: string) => {
  const file = new URL(`../../locales/pages/${code}.json`, import.meta.url);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>) : {};
};
/** Shapes no catalog has yet, so that a later message using one is covered too. */
const SHAPES = {
  'shape.tag-plural': '<b>{n, plural, =0 {none} one {# post} other {# posts}} here</b>, {name}',
  'shape.nested': '<b>a <i>{name} b</i> {n, number} c</b>',
  'shape.select': '{kind, select, post {{n, plural, one {# post} other {# posts}}} other {#{n}}}',
  'shape.styles': '{n, number, percent} {n, number, integer} {d, date, short} {d, date, full} {d, time, short} {d, time}',
  'shape.offset': '{n, plural, offset:1 =0 {nobody} one {you} other {you and # others}}',
};

type Values = Record<string, unknown>;

/** Values for every argument a message names; `count` decides the plural branch, `node` makes arguments React nodes. */
function valuesFor(ast: MessageFormatElement[], count: number, node: boolean, out: Values = {}): Values {
  for (const el of ast) {
    if (el.type === TYPE.plural || el.type === TYPE.number) out[el.value] = count;
    else if (el.type === TYPE.date || el.type === TYPE.time) out[el.value] = Date.UTC(2026, 0, 15, 9, 30) + count * 86_400_000;
    else if (el.type === TYPE.select) out[el.value] ??= Object.keys(el.options)[count % Object.keys(el.options).length];
    else if (el.type === TYPE.argument) out[el.value] ??= node ? <em>{`${el.value} ${count}`}</em> : `${el.value} ${count}`;
    else if (el.type === TYPE.tag) out[el.value] = (chunks: ReactNode[]) => <a href={`/${el.value}`}>{chunks}</a>;
    if (el.type === TYPE.plural || el.type === TYPE.select)
      for (const option of Object.values(el.options)) valuesFor(option.value, count, node, out);
    if (el.type === TYPE.tag) valuesFor(el.children, count, node, out);
  }
  return out;
}

/** A React node as plain data: element types, keys and props, so keys count as much as text. */
function shape(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(shape);
  if (isValidElement(node)) {
    const { children, ...props } = node.props as { children?: unknown };
    const type = typeof node.type === 'symbol' ? String(node.type) : typeof node.type === 'string' ? node.type : 'component';
    return { type, key: node.key, props, children: shape(children) };
  }
  return node;
}

const COUNTS = [0, 1, 2, 3, 5, 11, 21, 102, 1234, 1.5];

function pair(code: string) {
  const tag = getLocale(code).tag;
  const messages = compileCatalog({ ...mergeChain(code, read), ...readPages(code), ...SHAPES }, tag);
  const theirErrors: string[] = [];
  const ourErrors: string[] = [];
  const theirs = ReactIntl.createIntl(
    { locale: tag, messages, defaultLocale: 'en-US', onError: (e) => theirErrors.push(e.code) },
    ReactIntl.createIntlCache(),
  );
  const ours = Ours.createIntl({ locale: tag, messages, defaultLocale: 'en-US', onError: (e) => ourErrors.push(e.code) });
  return { tag, messages, theirs, ours, theirErrors, ourErrors };
}

describe('the i18n runtime formats as react-intl did', () => {
  it.each(LOCALE_CODES)('%s: every message, with text and node values, in every plural form', (code) => {
    const { messages, theirs, ours, theirErrors, ourErrors } = pair(code);
    for (const [id, ast] of Object.entries(messages)) {
      for (const count of COUNTS)
        for (const node of [false, true]) {
          const values = valuesFor(ast, count, node);
          const expected = theirs.formatMessage({ id }, values as Record<string, string>);
          const actual = ours.formatMessage({ id }, values);
          expect(shape(actual), `${id} ${count} ${node}`).toEqual(shape(expected));
          expect(renderToString(<>{actual}</>)).toBe(renderToString(<>{expected as ReactNode}</>));
        }
      // Without its values a message falls back to its id (a plain text to itself), reporting the error.
      expect(ours.formatMessage({ id })).toEqual(theirs.formatMessage({ id }));
    }
    expect(ours.formatMessage({ id: 'no.such.key' })).toBe(theirs.formatMessage({ id: 'no.such.key' }));
    expect(ourErrors).toEqual(theirErrors);
  });

  it.each(LOCALE_CODES)('%s: numbers, dates and relative times', (code) => {
    const { theirs, ours, theirErrors, ourErrors } = pair(code);
    const calls = (intl: Ours.IntlShape | ReactIntl.IntlShape) => {
      const out: unknown[] = [];
      for (const n of [0, 1, 2, 5, 42, 99, 1234.5, 0.375, -3, 1e9]) {
        out.push(intl.formatNumber(n), intl.formatNumber(n, { style: 'percent' }), intl.formatNumber(n, { maximumFractionDigits: 0 }));
      }
      for (const v of [-90000, -3600, -61, -30, -1, 0, 1, 2, 45])
        for (const unit of ['second', 'minute', 'hour', 'day', 'week', 'month', 'year'] as const)
          out.push(intl.formatRelativeTime(v, unit, { numeric: 'auto' }), intl.formatRelativeTime(v, unit));
      const at = Date.UTC(2026, 0, 15, 12, 30);
      for (const value of [at, new Date(at), '2026-03-15T12:00:00Z', '2026-03']) {
        out.push(intl.formatDate(value, { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }));
        out.push(intl.formatDate(value, { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' }));
        out.push(
          intl.formatDate(value, { timeZone: 'UTC' }),
          intl.formatDate(value, { hour: 'numeric', minute: 'numeric', timeZone: 'UTC' }),
        );
      }
      // Failures fall back the same way.
      out.push(intl.formatDate('not a date', { timeZone: 'UTC' }), intl.formatNumber(1, { style: 'currency' }));
      out.push(intl.formatDate(at, { timeZone: 'Nowhere/Else' }), intl.formatRelativeTime(1, 'fortnight' as 'day'));
      return out;
    };
    expect(calls(ours)).toEqual(calls(theirs));
    expect(ourErrors).toEqual(theirErrors);
  });

  it('render the same markup from the components', () => {
    for (const code of ['en', 'ar', 'ru', 'de', 'ja']) {
      const { messages, theirs, ours } = pair(code);
      const ids = Object.keys(messages);
      const page = (lib: typeof Ours | typeof ReactIntl) => {
        const Message = lib.FormattedMessage as typeof Ours.FormattedMessage;
        const NumberText = lib.FormattedNumber as typeof Ours.FormattedNumber;
        const DateText = lib.FormattedDate as typeof Ours.FormattedDate;
        const Relative = lib.FormattedRelativeTime as typeof Ours.FormattedRelativeTime;
        return (
          <p>
            {ids.map((id) => (
              <span key={id}>
                <Message id={id} values={valuesFor(messages[id], 2, true)} />
              </span>
            ))}
            · <NumberText value={1234.5} /> <NumberText value={0.25} style="percent" />
            <DateText value="2026-03-15T12:00:00Z" year="numeric" month="long" timeZone="UTC" />
            <DateText value={Date.UTC(2026, 2, 1)} year="numeric" month="short" day="numeric" />
            {[-30, -90, -7200, 120, -200000].map((s) => (
              <span key={s}>
                · <Relative value={s} updateIntervalInSeconds={60} numeric="auto" />
                <Relative value={s} numeric="auto" />
                <Relative value={-2} unit="day" />
              </span>
            ))}
          </p>
        );
      };
      const theirMarkup = renderToString(<ReactIntl.RawIntlProvider value={theirs}>{page(ReactIntl)}</ReactIntl.RawIntlProvider>);
      const ourMarkup = renderToString(<Ours.RawIntlProvider value={ours}>{page(Ours)}</Ours.RawIntlProvider>);
      expect(ourMarkup).toBe(theirMarkup);
      const provided = (lib: typeof Ours | typeof ReactIntl) => {
        const Provider = lib.IntlProvider as typeof Ours.IntlProvider;
        return renderToString(
          <Provider locale={ours.locale} messages={{ ...messages, extra: messages[ids[0]] }} defaultLocale="en-US" onError={() => {}}>
            {page(lib)}
          </Provider>,
        );
      };
      expect(provided(Ours)).toBe(provided(ReactIntl));
    }
  });
});
