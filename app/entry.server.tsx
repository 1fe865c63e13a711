import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { type RenderToPipeableStreamOptions, renderToPipeableStream } from "react-dom/server";
import {
  type EntryContext,
  type HandleErrorFunction,
  isRouteErrorResponse,
  type RouterContextProvider,
  ServerRouter,
} from "react-router";
import { requestContext, servicesContext } from "#server/http/context";
import { CATALOGUE_NAMES, provideCatalogue } from "./i18n/catalogue";
import { fullCatalogue } from "./i18n/catalogue.server";

// The server renders every language: all the catalogues, mail texts included (decisions 027, 029).
for (const name of CATALOGUE_NAMES) provideCatalogue(name, fullCatalogue(name));

/**
 * The HTTP server (bundled apart from this build) creates each request's context with these keys,
 * so both sides hold the same context objects (docs/decisions/008-request-pipeline.md).
 */
export const routerContexts = { servicesContext, requestContext };

/** The JSON API (decision 033): the HTTP server mounts it under `/api/v1` and each language's prefix. */
export { createJsonApi } from "./api/api.server";

/** The API for programs (issue 42): the HTTP server mounts it under `/api/partner/v1`. */
export { createPartnerApi } from "./api/partner/partner-api.server";

/** The mails of operations that the server's ledger reconciliation finishes (issue 37). */
export { operationMails } from "./presenters/operation-mail.server";

export const streamTimeout = 5_000;

/**
 * Unexpected errors of loaders, actions and rendering: one JSON line at error level with the
 * request id and the stack. A request the client abandoned is not an error, nor is a 4xx the
 * router answers by itself (a POST to a route without an action: 405).
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted || (isRouteErrorResponse(error) && error.status < 500)) return;
  const { logger } = context.get(servicesContext);
  logger.error({ requestId: context.get(requestContext).requestId, err: error }, "unhandled error");
};

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === "HEAD") {
    // The same headers as GET, so HEAD shows the page's CSP and charset too.
    responseHeaders.set("Content-Type", "text/html; charset=utf-8");
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const { nonce } = loadContext.get(requestContext);
  const { logger } = loadContext.get(servicesContext);

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // React Router's template: browsers get the shell as soon as it is ready, crawlers (and SPA
    // mode) the whole page.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          pipe(body);
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors before the shell reject and are logged by handleError; these come later.
          if (shellRendered && !request.signal.aborted) {
            logger.error({ requestId: loadContext.get(requestContext).requestId, err: error }, "render error");
          }
        },
      },
    );
  });
}
