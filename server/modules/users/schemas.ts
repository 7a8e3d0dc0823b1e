/** Zod shapes of the user objects and inputs; they validate requests and document the API. */
import { z } from 'zod';
import { LIMITS, THEMES } from '../../../core/limits.ts';
import { LOCALE_CODES } from '../../../core/locales.ts';
import { graphemeLength } from '../../../core/text.ts';

export const avatarSchema = z.object({ id: z.number().int(), url: z.string() });
export const rankSchema = z.object({ id: z.number().int(), name: z.string(), level: z.number().int() });

export const publicUserSchema = z.object({
  id: z.number().int(),
  nickname: z.string(),
  avatar: avatarSchema.nullable(),
  rank: rankSchema,
});

export const userSchema = publicUserSchema.extend({
  username: z.string(),
  email: z.string().nullable(),
  locale: z.string(),
  theme: z.enum(THEMES),
  content_languages: z.array(z.string()),
  auto_detect_languages: z.boolean(),
  notification_settings: z.object({ support: z.boolean(), advice: z.boolean(), message: z.boolean() }),
  has_password: z.boolean(),
  points: z.number().int(),
  created_at: z.string(),
});

/** Trimmed text measured in user-perceived characters, with messages that name the limit. */
export function text(min: number, max: number) {
  return z
    .string()
    .trim()
    .superRefine((value, ctx) => {
      const n = graphemeLength(value);
      if (n === 0 && min > 0) ctx.addIssue({ code: 'custom', message: 'required', params: { key: 'validation.required' } });
      else if (n < min) ctx.addIssue({ code: 'custom', message: 'too short', params: { key: 'validation.too_short', values: { min } } });
      else if (n > max) ctx.addIssue({ code: 'custom', message: 'too long', params: { key: 'validation.too_long', values: { max } } });
    });
}

export const usernameSchema = text(LIMITS.username.min, LIMITS.username.max).superRefine((value, ctx) => {
  if (!/^[\p{L}\p{N}._-]*$/u.test(value)) {
    ctx.addIssue({ code: 'custom', message: 'format', params: { key: 'validation.username_format' } });
  }
});
export const passwordSchema = z.string().min(LIMITS.password.min).max(LIMITS.password.max);
export const emailSchema = z.email().max(LIMITS.email);
export const localeSchema = z.enum(LOCALE_CODES as [string, ...string[]]);
export const nicknameSchema = text(LIMITS.nickname.min, LIMITS.nickname.max);

/** API.md's error body; extra fields (retry_at, isAllowed …) pass through. */
export const errorSchema = z.looseObject({ message: z.string(), errors: z.record(z.string(), z.array(z.string())).optional() });
