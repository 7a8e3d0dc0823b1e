import { renderToPipeableStream } from 'react-dom/server';
import { type EntryContext, RouterContextProvider, ServerRouter } from 'react-router';
import { type ServerContext, serverContext } from './lib/context.ts';

export const streamTimeout = 5_000;

/**
 * Called by the server (through the build's entry module) so that the context key and the router come from
 * the same module instance as the routes that read them.
 */
export function createLoadContext(value: ServerContext): RouterContextProvider {
  const provider = new RouterContextProvider();
  provider.set(serverContext, value);
  return provider;
}

/**
 * Scripts run only from this origin or inline with the page's nonce, which React Router's hydration and streaming
 * scripts and React's own carry; nothing may frame a page. Styles come from the stylesheet alone (SVG attributes,
 * not `style`, draw sizes), except in development, where Vite injects CSS as `<style>` elements.
 */
export function contentSecurityPolicy(nonce: string, development: boolean): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "script-src-attr 'none'",
    development ? "style-src 'self' 'unsafe-inline'" : "style-src 'self'",
    "img-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

const SECURITY_HEADERS: Record<string, string> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'DENY',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=()',
  'Cross-Origin-Opener-Policy': 'same-origin',
};

/**
 * The bytes of each page rendered here, by the Response that carries its status and headers (whose own body is
 * empty): server/plugins/web.ts sends them as one buffer with its length. A page has no data that arrives after its
 * loaders (every loader awaits its reads), so streaming it only sent the same document in pieces, through a
 * PassThrough, a web ReadableStream and a Node stream again (docs/decisions/035).
 */
const bodies = new WeakMap<Response, Buffer>();

export function renderedBody(response: Response): Buffer | undefined {
  return bodies.get(response);
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const { nonce } = loadContext.get(serverContext);
  for (const [k, v] of Object.entries(SECURITY_HEADERS)) responseHeaders.set(k, v);
  responseHeaders.set('Content-Security-Policy', contentSecurityPolicy(nonce, import.meta.env.DEV));
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    // The status as it stood when the shell was ready, as when the page was streamed from that moment: an error in
    // a part rendered after it (a Suspense boundary the browser then renders) is logged, the page stays whole.
    let status = responseStatusCode;
    const chunks: Buffer[] = [];
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);
    // What React's pipe() uses of a Node writable: write, end, on. The chunks are kept as they come.
    const sink = {
      write(chunk: Uint8Array | string) {
        chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
        return true;
      },
      end() {
        clearTimeout(timeoutId);
        timeoutId = undefined;
        responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
        const response = new Response(null, { headers: responseHeaders, status });
        bodies.set(response, Buffer.concat(chunks));
        resolve(response);
      },
      on() {
        return sink;
      },
    };
    const { pipe, abort } = renderToPipeableStream(<ServerRouter context={routerContext} url={request.url} nonce={nonce} />, {
      nonce,
      onShellReady() {
        shellRendered = true;
        status = responseStatusCode;
      },
      // Everything, the inline loader data's scripts included, in one piece.
      onAllReady() {
        pipe(sink as unknown as NodeJS.WritableStream);
      },
      onShellError(error: unknown) {
        reject(error);
      },
      onError(error: unknown) {
        responseStatusCode = 500;
        if (shellRendered) console.error(error);
      },
    });
  });
}
