/** A failure announced to screen readers at once, under the translated "Error" title (SPEC.md section 8). */
import type { ReactNode } from 'react';
import { FormattedMessage } from '../../lib/intl.tsx';

export function ErrorAlert({ id, className = 'text-sm', children }: { id?: string; className?: string; children: ReactNode }) {
  return (
    <p id={id} role="alert" className={`${className} text-red-700 dark:text-red-400`}>
      <strong>
        <FormattedMessage id="alert.error" />:
      </strong>{' '}
      {children}
    </p>
  );
}
