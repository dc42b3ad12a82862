import { PassThrough } from 'node:stream';
import { createReadableStreamFromReadable } from '@react-router/node';
import { renderToPipeableStream } from 'react-dom/server';
import { ServerRouter, type AppLoadContext, type EntryContext } from 'react-router';
import { LowPriorityModules, pageModules } from './app/module-hints';
import './lib/load-context';

/** A render still unfinished after this long is cut off (its Suspense boundaries stay fallbacks). */
export const streamTimeout = 10_000;

/**
 * Renders a page on the server (React Router calls this for every document request, after the
 * loaders): the whole page at once, not streamed in parts, so it reads the same without
 * JavaScript and React needs no inline scripts to move late parts into place. React Router's own
 * inline scripts (the loaders' data, the module imports) and React's carry this request's CSP
 * nonce (`context.nonce`, also in the Content-Security-Policy header the server sends).
 */
export default function handleRequest(
  request: Request,
  status: number,
  headers: Headers,
  routerContext: EntryContext,
  context: AppLoadContext,
) {
  if (request.method.toUpperCase() === 'HEAD') return new Response(null, { status, headers });
  return new Promise<Response>((resolve, reject) => {
    const { pipe, abort } = renderToPipeableStream(
      <>
        <LowPriorityModules hrefs={pageModules(routerContext)} />
        <ServerRouter context={routerContext} url={request.url} nonce={context.nonce} />
      </>,
      {
        nonce: context.nonce,
        // Large parts are otherwise sent out of line and put in place by inline scripts: the page is
        // sent whole, in order.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onAllReady() {
          // Called later, never during renderToPipeableStream itself, so `timeout` is set by then.
          clearTimeout(timeout);
          const body = new PassThrough();
          headers.set('content-type', 'text/html; charset=utf-8');
          resolve(new Response(createReadableStreamFromReadable(body), { status, headers }));
          pipe(body);
        },
        onShellError: reject,
        // A part that failed on the server (a Suspense boundary) is drawn by the browser instead.
        onError(error) {
          console.error(error);
        },
      },
    );
    const timeout = setTimeout(abort, streamTimeout);
  });
}
