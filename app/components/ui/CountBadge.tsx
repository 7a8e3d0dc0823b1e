/**
 * A number beside a link's name (unread messages, message requests, open moderation items): a round badge for the
 * eye, with no brackets or punctuation that reads differently in each script, and words for screen readers, so the
 * link is named "Requests 1 message request" rather than "Requests(1)". `relative` keeps the screen-reader text
 * inside a scrolling navigation: placed against the page, it widened a phone's page.
 */
import { useIntl } from '../../lib/intl.tsx';

const TONES = {
  brand: 'bg-brand-600 text-white',
  amber: 'bg-amber-600 text-white',
  /** On a brand-coloured background (the chosen tab). */
  inverse: 'bg-white text-brand-700',
} as const;

export function CountBadge({
  count,
  label,
  tone = 'brand',
  testId,
}: {
  count: number;
  /** The count in words, from a plural-aware message. */
  label: string;
  tone?: keyof typeof TONES;
  testId?: string;
}) {
  const intl = useIntl();
  if (count === 0) return null;
  return (
    <span className="relative" data-testid={testId}>
      <span
        aria-hidden="true"
        className={`ms-1.5 inline-block min-w-5 rounded-full px-1.5 text-center text-xs leading-5 font-semibold ${TONES[tone]}`}
      >
        {intl.formatNumber(count)}
      </span>
      <span className="sr-only">{label}</span>
    </span>
  );
}
