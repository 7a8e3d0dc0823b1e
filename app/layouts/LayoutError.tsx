/** Errors thrown below a layout (a missing item, a failed loader) show in the nonavpage frame (DESIGN.md). */
import { isRouteErrorResponse, type MetaArgs } from 'react-router';
import { ErrorScreen } from '../components/ErrorScreen.tsx';
import { Frame } from '../components/Frame.tsx';
import { pageMeta } from '../lib/meta.ts';

export function LayoutErrorBoundary() {
  return (
    <Frame nav={false}>
      <ErrorScreen />
    </Frame>
  );
}

/** The title of an error screen; without an error the screens give their own. */
export function layoutMeta({ matches, error }: MetaArgs) {
  if (!error) return [];
  return pageMeta(matches, isRouteErrorResponse(error) && error.status === 404 ? 'notfound' : 'error', { noindex: true });
}
