import { useIntl } from '../../lib/intl.tsx';

/**
 * A failure announced to screen readers at once, under the translated "Error" title (SPEC.md section 8). `children` is
 * the message, one string, so that the space before it and it are one text node (decision 050).
 */
export function ErrorAlert({ id, className = 'text-sm', children }: { id?: string; className?: string; children: string }) {
  const intl = useIntl();
  return (
    <p id={id} role="alert" className={`${className} text-red-700 dark:text-red-400`}>
      <strong>{`${intl.formatMessage({ id: 'alert.error' })}:`}</strong>
      {` ${children}`}
    </p>
  );
}
