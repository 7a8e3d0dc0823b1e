import { z } from 'zod';
import { LIMITS } from '../../../core/limits.ts';
import { repeatedOptions } from '../../../core/text.ts';
import { errorOf, idField, text, userString } from '../../lib/http.ts';
import { limitText } from '../writes/schemas.ts';

export const postContent = text(1, LIMITS.post);
export const pollInput = z.object({
  question: userString().trim().max(LIMITS.pollQuestion).nullish(),
  options: z
    .array(text(1, LIMITS.pollOptionText))
    .min(LIMITS.pollOptions.min)
    .max(LIMITS.pollOptions.max)
    .superRefine(
      (options, ctx) => {
        for (const i of repeatedOptions(options)) {
          ctx.addIssue({ code: 'custom', path: [i], message: 'repeated', params: { key: 'validation.poll_option_repeated' } });
        }
      },
      // Compared only once every option is within its length: an overlong one may be stacked combining marks, which
      // the comparison's NFKC takes quadratic time over.
      { when: (payload) => payload.issues.length === 0 },
    ),
});

/** The refusals of writing or editing a post or mood (write.ts), for the routes' OpenAPI responses. */
export const textRefused = errorOf('VALIDATION: `errors` names each bad field; DUPLICATE: the author already wrote the same text');
export const postingLimited = errorOf(
  `POST_LIMIT: ${limitText('post')}, deleted ones included; TOPIC_INTERVAL: 30 minutes between two posts in one topic. Both carry retry_at, isAllowed: false and limit: true or time: true. WRITE_LIMIT: a text short enough to be placed as a mood, past ${limitText('mood')}; retry_at`,
);

export const postIdBody = z.object({ post_id: idField });
export const moodIdBody = z.object({ mood_id: idField });
