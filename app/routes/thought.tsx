/**
 * One thought (default layout). No thought can exist before the thoughts module does, so every address is
 * checked and answered with the real 404; the page itself comes with the thoughts issue.
 */
import { idParam, notFound } from '../lib/route-check.ts';
import type { Route } from './+types/thought';

export function loader({ params, request }: Route.LoaderArgs) {
  idParam(request, params.id);
  notFound(request);
}

export default function Thought() {
  return null;
}
