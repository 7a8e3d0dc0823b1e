import { pageMeta } from '../lib/meta.ts';
import { notFound } from '../lib/route-check.ts';
import type { Route } from './+types/notfound';

/** Unknown paths, and /notfound itself, answer 404; the layout's error boundary shows the not-found screen. */
export function loader({ request }: Route.LoaderArgs) {
  notFound(request);
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'notfound', { noindex: true });

export default function NotFound() {
  return null;
}
