import { useEffect, useRef } from 'react';
import { RawIntlProvider } from 'react-intl';
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
import './app.css';
import { NavigationFeedback } from './components/Navigation.tsx';
import { ApiError, createApi } from './lib/api.ts';
import { useBuildCheck } from './lib/build-check.ts';
import { languageContext, serverContext } from './lib/context.ts';
import { fillMessage, intlFor, loadMessages, type Messages, parseCookies, rememberMessages } from './lib/i18n.ts';
import { loadIntlData } from './lib/intl-data.ts';
import { markHydrated } from './lib/now.ts';
import { activePath } from './lib/paths.ts';
import { failed } from './lib/route-check.ts';
import { SessionProvider } from './lib/session.tsx';
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
      user = (await createApi(ctx.api, { locale }).currentUser()).data;
    } catch (err) {
      // An expired session reads as signed out; the page still renders. Any other failure is the page's: shown
      // signed out, a signed-in visitor would be told wrongly that they are not.
      if (!(err instanceof ApiError && err.code === 'UNAUTHENTICATED')) failed(request, err);
    }
  }
  const cookieTheme = cookies[COOKIE.theme];
  const theme: Theme = THEMES.includes(cookieTheme as Theme) ? (cookieTheme as Theme) : (user?.theme ?? 'light');
  // The page is rendered with the same dates and numbers the browser will hydrate it with.
  await loadIntlData(getLocale(locale).tag);
  return {
    locale,
    dir: getLocale(locale).dir,
    tag: getLocale(locale).tag,
    lang: getLocale(locale).lang,
    // Documents carry their catalog; a client navigation loads it as a chunk (clientLoader below).
    messages: ctx.dataRequest ? null : await loadMessages(locale),
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

/** After the first page, the root's data comes from the server and its catalog from the locale's chunks. */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const data = await serverLoader();
  const [messages] = await Promise.all([data.messages ?? loadMessages(data.locale), loadIntlData(data.tag)]);
  return { ...data, messages };
}

/** The catalog the first page arrived with is the one later navigations in that language reuse. */
function useHydratedCatalog(locale: string, messages: Messages | null) {
  const seeded = useRef(false);
  if (!seeded.current && messages && typeof window !== 'undefined') rememberMessages(locale, messages);
  seeded.current = true;
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
        {data?.csrfToken ? <meta name="csrf-token" content={data.csrfToken} /> : null}
        {/* On a language subdomain the host names the language (server/plugins/pwa.ts), and its paths have no prefix. */}
        <link rel="manifest" href={locale === 'en' || data?.subdomains ? '/manifest.webmanifest' : `/${locale}/manifest.webmanifest`} />
        <link rel="apple-touch-icon" href="/icons/icon-192.png" />
        {/* server/plugins/pwa.ts APP_COLORS */}
        <meta name="theme-color" media="(prefers-color-scheme: light)" content="#2f7a60" />
        <meta name="theme-color" media="(prefers-color-scheme: dark)" content="#1c1917" />
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
  useBuildCheck(loaderData.buildId);
  useHydratedCatalog(loaderData.locale, loaderData.messages);
  useEffect(markHydrated, []);
  useEffect(() => {
    // Not in development, where Vite serves unbuilt modules that a cache would only hold back.
    if (!import.meta.env.DEV) void import('./lib/service-worker.ts').then((m) => m.registerServiceWorker(loaderData.locale));
  }, [loaderData.locale]);
  return (
    <RawIntlProvider value={intlFor(loaderData.tag, loaderData.messages ?? EMPTY)}>
      <SessionProvider root={loaderData}>
        <ToastProvider>
          <SignInProvider>
            <NavigationFeedback />
            <Outlet />
          </SignInProvider>
        </ToastProvider>
      </SessionProvider>
    </RawIntlProvider>
  );
}

const EMPTY: Messages = {};

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
      {notFound ? (
        <p className="text-sm text-stone-600 dark:text-stone-400">
          {fillMessage(m['errors.route_not_found'] ?? 'Page Not Found: {path}', 'path', notFoundPath(error))}
        </p>
      ) : null}
      <a
        href={activePath(localizedPath(data?.locale ?? 'en', '/'), data?.subdomains ?? false)}
        className="rounded-full bg-brand-600 px-5 py-2 font-medium text-white hover:bg-brand-700"
      >
        {m['notfound.home'] ?? "Let's go home"}
      </a>
    </main>
  );
}

function notFoundPath(error: unknown): string {
  const data = isRouteErrorResponse(error) ? (error.data as { path?: string } | null) : null;
  return data?.path ?? '';
}
