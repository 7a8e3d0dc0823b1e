/**
 * A topic (nonavpage layout). No topic can exist before the topics module does, so every address is checked
 * and answered with the real 404; the page itself comes with the topics issue.
 */
import { idParam, notFound } from '../lib/route-check.ts';
import type { Route } from './+types/topic';

export function loader({ params, request }: Route.LoaderArgs) {
  idParam(request, params.id);
  notFound(request);
}

export default function Topic() {
  return null;
}
