/**
 * The auth guard (SPEC.md section 2, DESIGN.md "Sign-in required"): a signed-out visitor on a sign-in page is
 * sent to the root of the language, where the sign-in dialog opens (the `signin` query asks for it).
 */
import { type RouterContextProvider, redirect } from 'react-router';
import type { User } from '../../core/types.ts';
import { ApiError, createApi } from './api.ts';
import { languageContext, serverContext } from './context.ts';
import { activePath, homePath, SIGN_IN_PARAM } from './paths.ts';
import { failed, screenLocale } from './route-check.ts';

/** `subdomains`: the page is on a language subdomain, whose root has no prefix. */
function signInRedirect(locale: string, subdomains: boolean): never {
  throw redirect(`${activePath(homePath(locale), subdomains)}?${SIGN_IN_PARAM}=1`);
}

/** The signed-in user for a loader, or a redirect to the sign-in dialog. */
export async function requireUser(context: Readonly<RouterContextProvider>): Promise<User> {
  const ctx = context.get(serverContext);
  const locale = screenLocale(context);
  const subdomains = ctx.hostLocale !== null;
  if (!ctx.csrfToken) signInRedirect(locale, subdomains);
  try {
    return (await createApi(ctx.api, { locale }).currentUser()).data;
  } catch (err) {
    // A cookie whose session ended (logged out elsewhere, expired) counts as signed out.
    if (err instanceof ApiError && err.code === 'UNAUTHENTICATED') signInRedirect(locale, subdomains);
    failed(context.get(languageContext).path, err);
  }
}

/** The API client a loader uses, speaking as the visitor in the page's language. */
export function loaderApi(context: Readonly<RouterContextProvider>) {
  const ctx = context.get(serverContext);
  return createApi(ctx.api, { locale: screenLocale(context), csrfToken: ctx.csrfToken });
}
