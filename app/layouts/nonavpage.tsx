/** The nonavpage layout: no main navigation, for a topic page and the not-found screen. */
import { Outlet } from 'react-router';
import { Frame } from '../components/Frame.tsx';

export { LayoutErrorBoundary as ErrorBoundary, layoutMeta as meta } from './LayoutError.tsx';

export default function NoNavLayout() {
  return (
    <Frame nav={false} className="mx-auto w-full max-w-3xl flex-1 px-4 py-6">
      <Outlet />
    </Frame>
  );
}
