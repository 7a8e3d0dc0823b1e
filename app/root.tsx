import { IntlProvider } from 'react-intl';
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunctionArgs,
  useRouteError,
  useRouteLoaderData,
} from 'react-router';
import { COOKIE, THEMES, type Theme } from '../core/limits.ts';
import { getLocale, localeFromPath, localizedPath } from '../core/locales.ts';
import type { User } from '../core/types.ts';
import type { Route } from './+types/root';
import './app.css';
import { createApi } from './lib/api.ts';
import { serverContext } from './lib/context.ts';
import { loadMessages, parseCookies } from './lib/i18n.ts';
import { SessionProvider } from './lib/session.tsx';

export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = context.get(serverContext);
  const cookies = parseCookies(request.headers.get('cookie'));
  const { locale } = ctx;
  let user: User | null = null;
  if (ctx.csrfToken) {
    try {
      user = (await createApi(ctx.api, { locale }).currentUser()).data;
    } catch {
      // An expired session reads as signed out; the page still renders.
    }
  }
  const cookieTheme = cookies[COOKIE.theme];
  const theme: Theme = THEMES.includes(cookieTheme as Theme) ? (cookieTheme as Theme) : (user?.theme ?? 'light');
  return {
    locale,
    dir: getLocale(locale).dir,
    tag: getLocale(locale).tag,
    messages: await loadMessages(locale),
    user,
    csrfToken: ctx.csrfToken,
    theme,
    buildId: ctx.buildId,
    cookieDomain: ctx.appHost?.replace(/:\d+$/, '') ?? null,
  };
}

export type RootData = Awaited<ReturnType<typeof loader>>;

/** The root reloads when the session may have changed or the language in the path changes, not on every click. */
export function shouldRevalidate({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formMethod && formMethod !== 'GET') return true;
  if (localeFromPath(currentUrl.pathname) !== localeFromPath(nextUrl.pathname)) return true;
  return currentUrl.pathname === nextUrl.pathname && currentUrl.search === nextUrl.search ? defaultShouldRevalidate : false;
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<RootData>('root');
  const locale = data?.locale ?? 'en';
  return (
    <html lang={locale} dir={data?.dir ?? 'ltr'} className={data?.theme === 'dark' ? 'dark' : undefined}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {data?.csrfToken ? <meta name="csrf-token" content={data.csrfToken} /> : null}
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen">
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  return (
    <IntlProvider locale={loaderData.tag} messages={loaderData.messages} defaultLocale="en-US" onError={logIntlError}>
      <SessionProvider root={loaderData}>
        <Outlet />
      </SessionProvider>
    </IntlProvider>
  );
}

function logIntlError(err: { code: string; message: string }) {
  if (err.code === 'MISSING_TRANSLATION') console.warn(`Invalid translation key: ${err.message}`);
  else console.warn(err.message);
}

export function ErrorBoundary() {
  const error = useRouteError();
  const data = useRouteLoaderData<RootData>('root');
  const m = data?.messages ?? {};
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  if (!isRouteErrorResponse(error)) console.error(error);
  // The root's own providers are not rendered here, so the catalog is read directly.
  return (
    <main className="mx-auto flex min-h-screen max-w-xl flex-col items-center justify-center gap-4 p-8 text-center">
      <h1 className="text-3xl font-semibold">
        {notFound ? (m['notfound.heading'] ?? 'Whoops! You got lost') : (m['errors.server'] ?? 'Server Error')}
      </h1>
      {notFound ? <p className="text-stone-600 dark:text-stone-300">{m['notfound.text']}</p> : null}
      <a
        href={localizedPath(data?.locale ?? 'en', '/')}
        className="rounded-full bg-brand-600 px-5 py-2 font-medium text-white hover:bg-brand-700"
      >
        {m['notfound.home'] ?? "Let's go home"}
      </a>
    </main>
  );
}
