/**
 * The chat layout: the conversation area takes the rest of the screen's height, on a phone too (each level a flex
 * item that grows from zero and may shrink to nothing), so the message list scrolls inside it and the newest
 * message and the composer are in view on opening; no footer under a message list.
 */
import { Outlet } from 'react-router';
import { Frame } from '../components/Frame.tsx';

export { LayoutErrorBoundary as ErrorBoundary, layoutMeta as meta } from './LayoutError.tsx';

export default function ChatLayout() {
  return (
    <Frame
      footer={false}
      className="mx-auto flex min-h-0 w-full max-w-5xl flex-1 basis-0 flex-col px-4 py-4"
      mainClassName="flex min-h-0 flex-1 basis-0 flex-col outline-none"
    >
      <Outlet />
    </Frame>
  );
}
