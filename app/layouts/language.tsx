/**
 * The language segment every screen sits under (`/:lang?/…`). Its middleware runs before any loader and puts the
 * page's language in the router context (`pageLanguage`). A first segment that is not a language served under a
 * prefix (an unknown code, or "en", whose pages have none) makes the page a 404. With language subdomains on, a
 * path that names a language is redirected to that language's subdomain (`subdomainRedirect`).
 *
 * The 404 is thrown by this route's loader, not by the middleware: an error from middleware is shown by the
 * root's boundary, without the root's data (catalog, user), so it could not be translated or framed.
 */
import { Outlet, redirect } from 'react-router';
import { languageContext, pageLanguage, serverContext } from '../lib/context.ts';
import { subdomainRedirect } from '../lib/paths.ts';
import { notFound } from '../lib/route-check.ts';
import type { Route } from './+types/language';

export { LayoutErrorBoundary as ErrorBoundary, layoutMeta as meta } from './LayoutError.tsx';

export const middleware: Route.MiddlewareFunction[] = [
  ({ context, params, request }) => {
    const server = context.get(serverContext);
    const url = new URL(request.url);
    const canonical = subdomainRedirect(url, params.lang, server.origin, server.appHost);
    // Permanent: the prefixed form is never the address of a page while subdomains are on. 308 keeps a form's method.
    if (canonical) throw redirect(canonical, request.method === 'GET' || request.method === 'HEAD' ? 301 : 308);
    context.set(languageContext, pageLanguage(server, params.lang, url.pathname));
  },
];

export function loader({ context, request }: Route.LoaderArgs) {
  if (!context.get(languageContext).known) notFound(request);
  return null;
}

export default function LanguageLayout() {
  return <Outlet />;
}
