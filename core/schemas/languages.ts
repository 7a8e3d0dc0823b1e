/** The interface languages, and the content languages a user reads. */
import { z } from 'zod';
import { listOf } from './envelopes.ts';

export const languageInfoSchema = z.object({
  code: z.string(),
  name: z.string(),
  native_name: z.string(),
  dir: z.enum(['ltr', 'rtl']),
  tag: z.string(),
  domain: z.string(),
});
export const languageListSchema = listOf(languageInfoSchema);

/** The content languages a user reads (empty: all) and whether their own texts are language-detected. */
export const contentLanguagesSchema = z.object({ data: z.array(z.string()), auto_detect: z.boolean() });
