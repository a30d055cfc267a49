import type { IncomingMessage, ServerResponse } from "node:http";
import { PAYLOAD_TOO_LARGE } from "../../shared/http/webhook-app.js";

/*
 * The local server's answer to bodies over the limit (CONTRACT.md section 2), so that a keep-alive
 * client's next request never meets a connection closed under it. The app answers 413 without
 * reading the body; left alone, @hono/node-server then closes the socket without saying so, and
 * the client's next request on it fails ("socket hang up"). In AWS, API Gateway owns the connection.
 */

/** How much of a refused body is read and thrown away before answering, at most. */
export const DRAIN_MAX_BYTES = 64 * 1024 * 1024;
/** How long a refused body may take to arrive before the answer is given anyway. */
export const DRAIN_MAX_MS = 5_000;

type Listener = (req: IncomingMessage, res: ServerResponse) => unknown;

/**
 * A body whose `Content-Length` is over `maxBytes` is read to its end and thrown away, then answered
 * 413 on a connection kept alive; one too long or too slow to read is answered 413 with
 * `Connection: close`, and the connection closed after the answer. Anything else goes to `next`.
 */
export function refuseOversizeBodies(maxBytes: number, next: Listener): Listener {
  return (req, res) => {
    const declared = Number(req.headers["content-length"]);
    if (!(declared > maxBytes)) return next(req, res);
    let read = 0;
    let answered = false;
    const answer = (keepAlive: boolean) => {
      if (answered) return;
      answered = true;
      clearTimeout(timer);
      const body = JSON.stringify(PAYLOAD_TOO_LARGE);
      res.writeHead(413, {
        "content-type": "application/json",
        "content-length": String(Buffer.byteLength(body)),
        ...(keepAlive ? {} : { connection: "close" }),
      });
      res.end(body);
    };
    const timer = setTimeout(() => answer(false), DRAIN_MAX_MS);
    req.on("data", (chunk: Buffer) => {
      read += chunk.length;
      if (read > DRAIN_MAX_BYTES) answer(false);
    });
    req.on("end", () => answer(true));
    req.on("error", () => answer(false));
  };
}

/**
 * The app's own 413 (a chunked body found too long while read) says `Connection: close`: the rest of
 * that body is not read, so the connection cannot serve another request.
 */
export function closeAfterTooLarge<A extends unknown[]>(
  fetch: (request: Request, ...rest: A) => Response | Promise<Response>,
): (request: Request, ...rest: A) => Promise<Response> {
  return async (request, ...rest) => {
    const response = await fetch(request, ...rest);
    if (response.status !== 413) return response;
    const headers = new Headers(response.headers);
    headers.set("connection", "close");
    return new Response(response.body, { status: 413, headers });
  };
}
