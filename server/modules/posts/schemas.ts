import { z } from 'zod';
import { LIMITS } from '../../../core/limits.ts';
import { idField, text } from '../../lib/http.ts';

export const postContent = text(1, LIMITS.post);
export const pollInput = z.object({
  question: z.string().trim().max(LIMITS.pollQuestion).nullish(),
  options: z.array(text(1, LIMITS.pollOptionText)).min(LIMITS.pollOptions.min).max(LIMITS.pollOptions.max),
});

export const postIdBody = z.object({ post_id: idField });
export const moodIdBody = z.object({ mood_id: idField });
