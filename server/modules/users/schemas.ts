/** Zod shapes of the user inputs; they validate requests and document the API (the user objects: core/schemas/users.ts). */
import { z } from 'zod';
import { LIMITS } from '../../../core/limits.ts';
import { LOCALE_CODES } from '../../../core/locales.ts';
import { text } from '../../lib/http.ts';

export const usernameSchema = text(LIMITS.username.min, LIMITS.username.max).superRefine((value, ctx) => {
  if (!/^[\p{L}\p{N}._-]*$/u.test(value)) {
    ctx.addIssue({ code: 'custom', message: 'format', params: { key: 'validation.username_format' } });
  }
});
// Spaces may be part of a passphrase, but spaces alone are no password.
export const passwordSchema = z
  .string()
  .min(LIMITS.password.min)
  .max(LIMITS.password.max)
  .refine((v) => v.trim() !== '', { params: { key: 'validation.required' } });
export const emailSchema = z.email().max(LIMITS.email);
export const localeSchema = z.enum(LOCALE_CODES as [string, ...string[]]);
export const nicknameSchema = text(LIMITS.nickname.min, LIMITS.nickname.max);
