/** The 429 of the writing limits in the OpenAPI document, worded from core/limits.ts so the two cannot drift. */
import { WRITE_LIMITS, type WriteKind } from '../../../core/limits.ts';
import { errorOf } from '../../lib/http.ts';

export const limitText = (kind: WriteKind) => {
  const { max, windowMs } = WRITE_LIMITS[kind];
  const hours = windowMs / 3_600_000;
  const window = Number.isInteger(hours) ? `${hours} hour${hours === 1 ? '' : 's'}` : `${windowMs / 60_000} minutes`;
  return `${max} ${kind}s in ${window}`;
};

export const writeLimited = (kind: Exclude<WriteKind, 'post'>) =>
  errorOf(
    `WRITE_LIMIT: ${limitText(kind)}${kind === 'comment' ? ', replies included' : ''}, deleted ones included; retry_at says when the next one may be written`,
  );
