import { useEffect } from 'react';
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
import { getLocale, localizedPath } from '../core/locales.ts';
import type { User } from '../core/types.ts';
import type { Route } from './+types/root';
import { RawIntlProvider } from './lib/intl.tsx';
import './app.css';
import { CrisisAfterSend } from './components/crisis/CrisisAfterSend.tsx';
import { NavigationFeedback } from './components/Navigation.tsx';
import { ApiError, createApi } from './lib/api.ts';
import { useBuildCheck } from './lib/build-check.ts';
import { loadServerMessages } from './lib/catalogs.server.ts';
import { languageContext, serverContext } from './lib/context.ts';
import { catalogUrl, fillMessage, intlFor, loadMessages, messagesFor, parseCookies } from './lib/i18n.ts';
import { loadIntlData } from './lib/intl-data.ts';
import { markHydrated } from './lib/now.ts';
import { activePath } from './lib/paths.ts';
import { failed } from './lib/route-check.ts';
import { SessionEndedNotice, SessionProvider } from './lib/session.tsx';
import { SignInProvider } from './lib/signin.tsx';
import { ToastProvider } from './lib/toast.tsx';

export const links: Route.LinksFunction = () => [{ rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = context.get(serverContext);
  const cookies = parseCookies(request.headers.get('cookie'));
  // Every route sits under the language layout, whose middleware has run before any loader.
  const { locale } = context.get(languageContext);
  let user: User | null = null;
  if (ctx.csrfToken) {
    try {
      user = (await ctx.pageUser(locale)) ?? (await createApi(ctx.api, { locale }).currentUser()).data;
    } catch (err) {
      // An expired session reads as signed out; the page still renders. Any other failure is the page's: shown
      // signed out, a signed-in visitor would be told wrongly that they are not.
      if (!(err instanceof ApiError && err.code === 'UNAUTHENTICATED')) failed(request, err);
    }
  }
  const cookieTheme = cookies[COOKIE.theme];
  const theme: Theme = THEMES.includes(cookieTheme as Theme) ? (cookieTheme as Theme) : (user?.theme ?? 'light');
  // The page is rendered with the same dates and numbers the browser will hydrate it with, and with the catalog
  // the browser loads from the URL the head announces (not from this data).
  await Promise.all([loadIntlData(getLocale(locale).tag), loadServerMessages(locale)]);
  return {
    locale,
    dir: getLocale(locale).dir,
    tag: getLocale(locale).tag,
    lang: getLocale(locale).lang,
    user,
    csrfToken: ctx.csrfToken,
    theme,
    buildId: ctx.buildId,
    /** What relative times are measured against while the page hydrates (app/lib/now.ts). */
    renderedAt: Date.now(),
    cookieDomain: ctx.appHost?.replace(/:\d+$/, '') ?? null,
    appHost: ctx.appHost,
    origin: ctx.origin,
    /** The page was reached on a language subdomain: switching language changes host, not path. */
    subdomains: ctx.hostLocale !== null,
  };
}

/** After the first page, the root renders once its language's catalog (a cached asset after the first time) is in. */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const data = await serverLoader();
  await Promise.all([loadMessages(data.locale), loadIntlData(data.tag)]);
  return data;
}

export type RootData = Awaited<ReturnType<typeof loader>>;

/** The root reloads when the session may have changed or the language in the path changes, not on every click. */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  currentParams,
  nextParams,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (formMethod && formMethod !== 'GET') return true;
  if (currentParams.lang !== nextParams.lang) return true;
  return currentUrl.pathname === nextUrl.pathname && currentUrl.search === nextUrl.search ? defaultShouldRevalidate : false;
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<RootData>('root');
  const locale = data?.locale ?? 'en';
  return (
    <html lang={data?.lang ?? locale} dir={data?.dir ?? 'ltr'} className={data?.theme === 'dark' ? 'dark' : undefined}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* No first paint of a page half parsed (decision 068): on a slow phone, or a busy one, the parser can yield
            mid-page, and what arrived next moved what was shown (the header's "Signed in as" beside its avatar alone,
            a card's author line, the footer's top as its links filled it). The page comes whole in one write, so
            this waits for parsing, not for the network. */}
        <link rel="expect" href="#page-end" blocking="render" />
        {data?.csrfToken ? <meta name="csrf-token" content={data.csrfToken} /> : null}
        {/* On a language subdomain the host names the language (server/plugins/pwa.ts), and its paths have no prefix. */}
        <link rel="manifest" href={locale === 'en' || data?.subdomains ? '/manifest.webmanifest' : `/${locale}/manifest.webmanifest`} />
        <link rel="apple-touch-icon" href="/icons/icon-192.png" />
        {/* server/plugins/pwa.ts APP_COLORS */}
        <meta name="theme-color" media="(prefers-color-scheme: light)" content="#2f7a60" />
        <meta name="theme-color" media="(prefers-color-scheme: dark)" content="#1c1917" />
        {/* The catalog of the page's language, which hydration waits for (entry.client.tsx): fetched with the page's
            own scripts instead of after them. */}
        <link rel="modulepreload" href={catalogUrl(locale)} data-catalog={locale} />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen">
        {children}
        {/* What the head's rel="expect" waits for: everything shown is parsed above it. */}
        <div id="page-end" hidden />
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  useBuildCheck(loaderData.buildId);
  useEffect(markHydrated, []);
  useEffect(() => {
    // Not in development, where Vite serves unbuilt modules that a cache would only hold back.
    if (!import.meta.env.DEV) void import('./lib/service-worker.ts').then((m) => m.registerServiceWorker(loaderData.locale));
  }, [loaderData.locale]);
  return (
    <RawIntlProvider value={intlFor(loaderData.tag, messagesFor(loaderData.locale))}>
      <SessionProvider root={loaderData}>
        <ToastProvider pinned={<CrisisAfterSend />}>
          <SignInProvider>
            <SessionEndedNotice />
            <NavigationFeedback />
            <Outlet />
          </SignInProvider>
        </ToastProvider>
      </SessionProvider>
    </RawIntlProvider>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const data = useRouteLoaderData<RootData>('root');
  const locale = data?.locale ?? 'en';
  const m = messagesFor(locale);
  // The root's own providers are not rendered here, so the catalog is formatted directly; English stands in for a
  // catalog that was never loaded (the root's loader failed before it could).
  const intl = intlFor(data?.tag ?? 'en-US', m);
  const say = (id: string, english: string, values?: Record<string, string>) =>
    id in m ? intl.formatMessage({ id }, values) : values ? fillMessage(english, 'path', values.path) : english;
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  if (!isRouteErrorResponse(error)) console.error(error);
  return (
    <main className="mx-auto flex min-h-screen max-w-xl flex-col items-center justify-center gap-4 p-8 text-center">
      <h1 className="text-3xl font-semibold">
        {notFound ? say('notfound.heading', 'Whoops! You got lost') : say('errors.server', 'Server Error')}
      </h1>
      {notFound ? <p className="text-stone-600 dark:text-stone-300">{say('notfound.text', '')}</p> : null}
      {notFound ? (
        <p className="text-sm text-stone-600 dark:text-stone-400">
          {say('errors.route_not_found', 'Page Not Found: {path}', { path: notFoundPath(error) })}
        </p>
      ) : null}
      <a
        href={activePath(localizedPath(locale, '/'), data?.subdomains ?? false)}
        className="rounded-full bg-brand-600 px-5 py-2 font-medium text-white hover:bg-brand-700"
      >
        {say('notfound.home', "Let's go home")}
      </a>
    </main>
  );
}

function notFoundPath(error: unknown): string {
  const data = isRouteErrorResponse(error) ? (error.data as { path?: string } | null) : null;
  return data?.path ?? '';
}
