// Server rendering with one translator per language (entry.server never changes an
// instance's language, so concurrent requests in different languages never share one).
// The whole document is rendered before it is sent: loaders have already run when rendering
// starts, so streaming would gain no time here, while sending one buffer instead of dozens of
// small chunks saves the server a system call and a stream hop per chunk (and lets the response
// carry its length, be compressed in one go and be kept by the page cache as it is).
import { Writable } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import { type AppLoadContext, type EntryContext, ServerRouter } from "react-router";
import { isLanguageCode } from "./i18n/languages";
import { serverI18n } from "./i18n/server";
import { NonceProvider } from "./lib/nonce";
import { TranslationProvider } from "./i18n/use-translation";

export const streamTimeout = 5_000;

function requestLanguage(context: EntryContext): string {
  const root = context.staticHandlerContext.loaderData.root as { lang?: unknown } | undefined;
  return isLanguageCode(root?.lang) ? root.lang : "en";
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const i18n = serverI18n(requestLanguage(routerContext));
  // Every inline script of the page carries the answer's nonce (its Content-Security-Policy).
  const nonce = loadContext.cspNonce;

  return new Promise<Response>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let settled = false;
    const timeoutId = setTimeout(() => abort(), streamTimeout + 1000);
    const sink = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        chunks.push(chunk);
        callback();
      },
      final(callback) {
        clearTimeout(timeoutId);
        const body = Buffer.concat(chunks);
        responseHeaders.set("Content-Type", "text/html; charset=utf-8");
        responseHeaders.set("Content-Length", String(body.length));
        settled = true;
        resolve(new Response(body, { headers: responseHeaders, status: responseStatusCode }));
        callback();
      },
    });

    const { pipe, abort } = renderToPipeableStream(
      <TranslationProvider i18n={i18n}>
        <NonceProvider value={nonce}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </NonceProvider>
      </TranslationProvider>,
      {
        nonce,
        onAllReady() {
          pipe(sink);
        },
        onShellError(error: unknown) {
          clearTimeout(timeoutId);
          if (!settled) reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          console.error(error);
        },
      },
    );
  });
}
