import { Agent, request } from "node:http";
import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { type LocalStack, startLocalStack } from "../../infra/local/stack.js";

/** One request through `agent`: its status, its `Connection` header, its body and the socket it used. */
function send(
  agent: Agent,
  url: string,
  options: { method: string; path: string; body?: Buffer; headers?: Record<string, string> },
) {
  return new Promise<{ status: number; connection: string | undefined; body: string; socket: unknown }>(
    (resolve, reject) => {
      const req = request(
        `${url}${options.path}`,
        { method: options.method, agent, headers: options.headers },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (chunk: Buffer) => chunks.push(chunk));
          res.on("end", () =>
            resolve({
              status: res.statusCode ?? 0,
              connection: res.headers.connection,
              body: Buffer.concat(chunks).toString("utf8"),
              socket: req.socket,
            }),
          );
          res.on("error", reject);
        },
      );
      req.on("error", reject);
      req.end(options.body);
    },
  );
}

describe("CONTRACT 2 413 on the local server, with a keep-alive client", () => {
  let stack: LocalStack;
  const logged: Record<string, unknown>[] = [];
  beforeAll(async () => {
    stack = await startLocalStack({
      port: 0,
      dynamoEndpoint: inject("dynamoEndpoint"),
      tableName: `keep-alive-${Date.now()}`,
      clock: "manual",
      clockStart: "2026-12-01T10:00:00Z",
      log: (line) => logged.push(line),
      hibouLog: () => {},
    });
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it("CONTRACT 2 after a 413 the client's next request succeeds, on the same connection or after a clean close", async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const auth = { authorization: `Bearer ${stack.adminToken}` };
    try {
      for (const size of [1024 * 1024 + 1, 8 * 1024 * 1024, 80 * 1024 * 1024]) {
        const big = await send(agent, stack.url, {
          method: "POST",
          path: "/webhooks/local/generic",
          headers: { "content-type": "application/json", "content-length": String(size) },
          body: Buffer.alloc(size, 0x20),
        });
        expect(big.status, `${size} bytes`).toBe(413);
        expect(JSON.parse(big.body)).toMatchObject({ error: { code: "payload_too_large" } });
        // The next request on this agent: no "socket hang up", no ECONNRESET.
        const next = await send(agent, stack.url, { method: "GET", path: "/status", headers: auth });
        expect(next.status, `after ${size} bytes`).toBe(200);
        // If the connection was not kept, the 413 said so.
        if (next.socket !== big.socket) expect(big.connection).toBe("close");
      }
      // A chunked body says no length: the app finds it too long while reading, answers 413 and closes.
      const chunked = await send(agent, stack.url, {
        method: "POST",
        path: "/webhooks/local/generic",
        headers: { "content-type": "application/json", "transfer-encoding": "chunked" },
        body: Buffer.alloc(2 * 1024 * 1024, 0x20),
      });
      expect(chunked.status).toBe(413);
      expect(chunked.connection).toBe("close");
      const next = await send(agent, stack.url, { method: "GET", path: "/status", headers: auth });
      expect(next.status).toBe(200);
    } finally {
      agent.destroy();
    }
  }, 60_000);

  it("CONTRACT 2 a request its client aborts mid-body is logged as info, without a stack, never as an error", async () => {
    logged.length = 0;
    const { port } = new URL(stack.url);
    await new Promise<void>((resolve, reject) => {
      const socket = connect(Number(port), "127.0.0.1", () => {
        socket.write(
          "POST /webhooks/local/generic HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n" +
            'Content-Length: 1000\r\n\r\n{"type": "post.cre',
          () => setTimeout(() => socket.destroy(), 100),
        );
      });
      socket.on("close", () => resolve());
      socket.on("error", reject);
    });
    await expect.poll(() => logged.find((line) => line.msg === "request aborted by its client")).toBeTruthy();
    const aborted = logged.find((line) => line.msg === "request aborted by its client");
    expect(aborted).toMatchObject({ level: "info", method: "POST", path: "/webhooks/local/generic" });
    expect(aborted).not.toHaveProperty("stack");
    expect(logged.filter((line) => line.level === "error")).toEqual([]);
  });
});
