import { data } from 'react-router';
import type { Route } from './+types/notfound';

/** Unknown paths answer 404; the root error boundary shows the not-found screen. */
export function loader({ request }: Route.LoaderArgs) {
  const path = new URL(request.url).pathname;
  throw data({ path }, { status: 404 });
}

export default function NotFound() {
  return null;
}
