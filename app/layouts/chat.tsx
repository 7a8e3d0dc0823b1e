/** The chat layout: the conversation area takes the whole height; no footer under a message list. */
import { Outlet } from 'react-router';
import { Frame } from '../components/Frame.tsx';

export { LayoutErrorBoundary as ErrorBoundary, layoutMeta as meta } from './LayoutError.tsx';

export default function ChatLayout() {
  return (
    <Frame
      footer={false}
      className="mx-auto flex w-full max-w-5xl flex-1 flex-col px-4 py-4"
      mainClassName="flex flex-1 flex-col outline-none"
    >
      <Outlet />
    </Frame>
  );
}
