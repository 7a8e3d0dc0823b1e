/**
 * What the crisis panel and the "Need help now?" page show (issue 14, safe-messaging practice: calm words, no
 * questions, nothing about means): a one-minute step (you are not alone, a breathing circle that honours
 * prefers-reduced-motion), then the helplines of the person's country with tap-to-call, text and chat links.
 *
 * The country is never taken from the IP address. The server renders the main country of the interface language
 * (readers without JavaScript get that and the international directory); in the browser the person's own choice
 * (remembered on this device) or the region of their browser languages replaces it, and the picker changes it.
 */
import { type ReactNode, useEffect, useId, useMemo, useState } from 'react';
import {
  COUNTRY_CODES,
  countryFor,
  DIRECTORY,
  type Helpline,
  helpFor,
  isCountry,
  LANGUAGE_COUNTRIES,
} from '../../../core/crisis/helplines.ts';
import { getLocale } from '../../../core/locales.ts';
import { FormattedMessage, useIntl } from '../../lib/intl.tsx';
import { useSession } from '../../lib/session.tsx';
import { buttonClass } from '../ui/Button.tsx';

const STORAGE_KEY = 'kindred:crisis-country';

function storedCountry(): string | null {
  try {
    return window.localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

function storeCountry(country: string) {
  try {
    if (country) window.localStorage.setItem(STORAGE_KEY, country);
    else window.localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Without storage the choice lasts as long as the page.
  }
}

function Heading({ level, id, children }: { level: 2 | 3; id?: string; children: ReactNode }) {
  const H = level === 2 ? 'h2' : 'h3';
  return (
    <H id={id} className="text-base font-semibold">
      {children}
    </H>
  );
}

/** A number people read left to right, also inside right-to-left text. */
const Num = ({ children }: { children: string }) => (
  <bdi dir="ltr" className="whitespace-nowrap">
    {children}
  </bdi>
);

export function CrisisHelp({ level }: { level: 2 | 3 }) {
  const intl = useIntl();
  const { locale } = useSession();
  const [country, setCountry] = useState<string | null>(() => LANGUAGE_COUNTRIES[locale]?.[0] ?? null);
  const [enhanced, setEnhanced] = useState(false);
  const talkId = useId();

  useEffect(() => {
    setCountry(countryFor(storedCountry(), navigator.languages ?? [], locale));
    setEnhanced(true);
  }, [locale]);

  const help = helpFor(country, locale);
  return (
    <div className="flex flex-col gap-6">
      <OneMinute level={level} />
      <section aria-labelledby={talkId} className="flex flex-col gap-3">
        <Heading level={level} id={talkId}>
          <FormattedMessage id="crisis.talk_now" />
        </Heading>
        <p>
          <FormattedMessage id="crisis.talk_intro" />
        </p>
        {enhanced ? (
          <CountryPicker
            country={help.country}
            onChange={(next) => {
              storeCountry(next);
              setCountry(next || null);
            }}
          />
        ) : null}
        {help.emergency ? (
          <p className="font-medium" data-testid="crisis-emergency">
            <FormattedMessage
              id="crisis.emergency"
              values={{
                number: (
                  <a href={`tel:${help.emergency}`} className="underline">
                    <Num>{help.emergency}</Num>
                  </a>
                ),
              }}
            />
          </p>
        ) : (
          <p className="font-medium">
            <FormattedMessage id="footer.crisis" />
          </p>
        )}
        {help.helplines.length > 0 ? (
          <ul className="flex flex-col gap-3" data-testid="crisis-helplines">
            {help.helplines.map((h) => (
              <HelplineCard key={h.id} line={h} />
            ))}
          </ul>
        ) : (
          <p data-testid="crisis-directory">
            {`${intl.formatMessage({ id: 'crisis.directory_intro' })} `}
            <a href={DIRECTORY.url} className="font-medium underline" rel="noopener noreferrer" target="_blank">
              <FormattedMessage id="crisis.directory_link" />
            </a>
          </p>
        )}
        {help.helplines.length > 0 ? (
          <p className="text-sm">
            <a href={DIRECTORY.url} className="underline" rel="noopener noreferrer" target="_blank">
              <FormattedMessage id="crisis.other_country" />
            </a>
          </p>
        ) : null}
      </section>
    </div>
  );
}

function OneMinute({ level }: { level: 2 | 3 }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3">
      <Heading level={level} id={id}>
        <FormattedMessage id="crisis.minute_heading" />
      </Heading>
      <p>
        <FormattedMessage id="crisis.minute_intro" />
      </p>
      <div className="flex items-center gap-4">
        {/* Decorative: the words beside it say the same. Still under prefers-reduced-motion. */}
        <div aria-hidden="true" className="grid size-20 shrink-0 place-items-center rounded-full bg-brand-50 dark:bg-stone-800">
          <div className="size-20 scale-75 rounded-full bg-brand-500/40 animate-breathe motion-reduce:animate-none" />
        </div>
        <p className="min-w-0">
          <FormattedMessage id="crisis.breathe" />
        </p>
      </div>
    </section>
  );
}

function CountryPicker({ country, onChange }: { country: string | null; onChange: (country: string) => void }) {
  const intl = useIntl();
  const { locale } = useSession();
  const id = useId();
  const options = useMemo(() => {
    let names: Intl.DisplayNames | null = null;
    try {
      names = new Intl.DisplayNames([getLocale(locale).tag, 'en'], { type: 'region' });
    } catch {
      names = null;
    }
    const collator = new Intl.Collator(getLocale(locale).tag);
    return COUNTRY_CODES.map((code) => ({ code, name: names?.of(code) ?? code })).sort((a, b) => collator.compare(a.name, b.name));
  }, [locale]);
  return (
    <div className="flex flex-wrap items-center gap-2">
      <label htmlFor={id} className="text-sm font-medium">
        <FormattedMessage id="crisis.country_label" />
      </label>
      <select
        id={id}
        value={isCountry(country) ? country : ''}
        onChange={(e) => onChange(e.target.value)}
        className="min-w-0 max-w-full rounded-lg border border-stone-300 bg-white p-2 text-sm dark:border-stone-600 dark:bg-stone-800"
      >
        {options.map((o) => (
          <option key={o.code} value={o.code}>
            {o.name}
          </option>
        ))}
        <option value="">{intl.formatMessage({ id: 'crisis.country_other' })}</option>
      </select>
    </div>
  );
}

function HelplineCard({ line }: { line: Helpline }) {
  const intl = useIntl();
  const hours = intl.formatMessage({ id: line.always ? 'crisis.hours_always' : 'crisis.hours_website' });
  const link = 'inline-flex items-center';
  return (
    <li className="flex flex-col gap-2 rounded-xl border border-stone-200 p-3 dark:border-stone-700">
      <p className="font-medium" dir="auto">
        {line.name}
      </p>
      <p className="text-sm text-stone-600 dark:text-stone-400">
        {line.audience === 'young' ? `${hours} · ${intl.formatMessage({ id: 'crisis.young' })}` : hours}
      </p>
      <div className="flex flex-wrap gap-2">
        {line.phone ? (
          <a href={`tel:${line.phone.dial}`} className={buttonClass('primary', 'md', link)}>
            <FormattedMessage id="crisis.call" values={{ number: <Num>{line.phone.display}</Num> }} />
          </a>
        ) : null}
        {line.sms ? (
          <a
            href={`sms:${line.sms.dial}${line.sms.body ? `?body=${encodeURIComponent(line.sms.body)}` : ''}`}
            className={buttonClass('secondary', 'md', link)}
          >
            {line.sms.body ? (
              <FormattedMessage
                id="crisis.sms_keyword"
                values={{ number: <Num>{line.sms.display}</Num>, keyword: <Num>{line.sms.body}</Num> }}
              />
            ) : (
              <FormattedMessage id="crisis.sms" values={{ number: <Num>{line.sms.display}</Num> }} />
            )}
          </a>
        ) : null}
        {line.chat ? (
          <a href={line.chat} className={buttonClass('secondary', 'md', link)} rel="noopener noreferrer" target="_blank">
            <FormattedMessage id="crisis.chat" />
          </a>
        ) : null}
        <a href={line.website} className={buttonClass('ghost', 'md', `${link} underline`)} rel="noopener noreferrer" target="_blank">
          <FormattedMessage id="crisis.website" />
        </a>
      </div>
      <p className="text-xs text-stone-500 dark:text-stone-400">
        <FormattedMessage
          id="crisis.checked"
          values={{ date: intl.formatDate(`${line.verified}-15T12:00:00Z`, { year: 'numeric', month: 'long', timeZone: 'UTC' }) }}
        />
      </p>
    </li>
  );
}
