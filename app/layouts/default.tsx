/** The default layout: header with navigation, one column of content, footer. */
import { Outlet } from 'react-router';
import { Frame } from '../components/Frame.tsx';

export { LayoutErrorBoundary as ErrorBoundary, layoutMeta as meta } from './LayoutError.tsx';

export default function DefaultLayout() {
  return (
    <Frame className="mx-auto w-full max-w-3xl flex-1 px-4 py-6">
      <Outlet />
    </Frame>
  );
}
