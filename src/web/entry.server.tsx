import { Writable } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import { ServerRouter, type EntryContext, type RouterContextProvider } from 'react-router';

// The server reads the context key from the build, so both sides share one instance.
export { appContext } from './context.ts';

const ABORT_DELAY = 10_000;

/**
 * The whole page, as one buffer. No page suspends on the server (loaders return plain data), so waiting for all of
 * it delays the first byte by only the hydration data's encoding, and the page leaves in one write instead of ~30
 * small chunks through three streams (a third of a signed-in page's CPU was spent moving chunks, issue 16).
 */
export default function handleRequest(
  request: Request,
  status: number,
  headers: Headers,
  routerContext: EntryContext,
  _loadContext: RouterContextProvider,
) {
  return new Promise<Response>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(<ServerRouter context={routerContext} url={request.url} />, {
      onAllReady() {
        shellRendered = true;
        pipe(
          new Writable({
            write(chunk: Buffer, _encoding, done) {
              chunks.push(chunk);
              done();
            },
            final(done) {
              clearTimeout(timer);
              headers.set('Content-Type', 'text/html; charset=utf-8');
              resolve(new Response(Buffer.concat(chunks), { headers, status }));
              done();
            },
          }),
        );
      },
      onShellError(error: unknown) {
        clearTimeout(timer);
        reject(error);
      },
      onError(error: unknown) {
        status = 500;
        if (shellRendered) console.error(error);
      },
    });
    const timer = setTimeout(abort, ABORT_DELAY);
    // The server stops a render whose client left or that ran past its time (src/server/http/web.ts).
    request.signal.addEventListener('abort', () => abort(request.signal.reason), { once: true });
  });
}
