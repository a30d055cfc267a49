import { createServer, type IncomingHttpHeaders, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** The notifiers' HTTP options toward these servers: loopback allowed, as the local stack allows it. */
export const LOOPBACK_HTTP = { destinations: { allowLoopback: true } } as const;

/** A request the local server received, body read in full. */
export interface RecordedRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

/** A real HTTP server on 127.0.0.1 that records what it receives. */
export interface LocalServer {
  readonly url: string;
  readonly requests: RecordedRequest[];
  close(): Promise<void>;
}

/** Starts a server on a free port; `answer` writes the response (or never does, to test timeouts). */
export async function startLocalServer(
  answer: (request: RecordedRequest, response: ServerResponse) => void,
): Promise<LocalServer> {
  const requests: RecordedRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const recorded: RecordedRequest = {
        method: req.method ?? "",
        url: req.url ?? "",
        headers: req.headers,
        body: Buffer.concat(chunks).toString("utf8"),
      };
      requests.push(recorded);
      answer(recorded, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/** Answers with `status`, optional headers and a JSON body. */
export function reply(
  status: number,
  body?: unknown,
  headers: Record<string, string> = {},
): (request: RecordedRequest, response: ServerResponse) => void {
  return (_request, response) => {
    const text = body === undefined ? "" : JSON.stringify(body);
    response.writeHead(status, {
      ...(text === "" ? {} : { "content-type": "application/json" }),
      ...headers,
    });
    response.end(text);
  };
}
