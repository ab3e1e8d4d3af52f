import { Writable } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import { isRouteErrorResponse, ServerRouter, type EntryContext, type RouterContextProvider } from 'react-router';
import { errorsUi, transportMessages } from '../shared/catalogue/site.ts';

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
  if (new URL(request.url).searchParams.get('mode') === 'ajax') return pageJson(status, headers, routerContext);
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

/**
 * `GET {url}?mode=ajax` (spec/content.md §7): the page's data instead of its HTML, for clients outside the site, in the
 * reply envelope of spec/foundation.md §3. `data.route` names the page, `data.page` is its loader's data; a refused
 * page answers its status with `rc`, the reason in `rm` and empty `data`. Nothing is rendered.
 */
function pageJson(status: number, headers: Headers, routerContext: EntryContext) {
  const { matches, loaderData, errors } = routerContext.staticHandlerContext;
  const leaf = matches[matches.length - 1]?.route.id ?? 'root';
  let body: { rc: number; rm: string; data: object };
  if (errors) {
    const error = Object.values(errors)[0];
    const code = isRouteErrorResponse(error) ? error.status : 500;
    const rm =
      code === 404
        ? errorsUi.notFoundTitle
        : code === 403
          ? errorsUi.forbiddenTitle
          : code === 401
            ? errorsUi.signInTitle
            : transportMessages.transportStatus(code);
    body = { rc: code, rm, data: {} };
  } else {
    body = { rc: status, rm: '', data: { route: leaf, page: loaderData[leaf] ?? null } };
  }
  headers.set('Content-Type', 'application/json; charset=utf-8');
  headers.set('Cache-Control', 'no-store');
  return new Response(JSON.stringify(body), { headers, status });
}
