import { afterEach, describe, expect, it } from "vitest";
import { parseRetryAfter, postJson } from "../../../shared/adapters/notifiers/http.js";
import { DeliveryError } from "../../../shared/errors.js";
import { LOOPBACK_HTTP, type LocalServer, reply, startLocalServer } from "./local-server.js";

let server: LocalServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function failure(promise: Promise<unknown>): Promise<DeliveryError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(DeliveryError);
  return error as DeliveryError;
}

const post = (url: string, timeoutMs?: number) =>
  postJson(
    { label: "Test", url, body: '{"ok":true}' },
    timeoutMs === undefined ? LOOPBACK_HTTP : { ...LOOPBACK_HTTP, timeoutMs },
  );

describe("postJson", () => {
  it("resolves on a 2xx and sends JSON", async () => {
    server = await startLocalServer(reply(204));
    await post(`${server.url}/hook`);
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]).toMatchObject({ method: "POST", url: "/hook", body: '{"ok":true}' });
    expect(server.requests[0]?.headers["content-type"]).toBe("application/json");
  });

  it("a 5xx is retryable", async () => {
    server = await startLocalServer(reply(500, { error: "boom" }));
    const error = await failure(post(server.url));
    expect(error.retryable).toBe(true);
    expect(error.retryAfterMs).toBeUndefined();
  });

  it("CONTRACT 3 a 4xx is not retryable and keeps only its status, never the receiver's answer", async () => {
    server = await startLocalServer(reply(400, { message: "Invalid Form Body", leaked: "internal-secret" }));
    const error = await failure(post(server.url));
    expect(error.retryable).toBe(false);
    expect(error.message).toBe("Test : requête refusée (400).");
  });

  it("a redirect is not followed and not retried", async () => {
    server = await startLocalServer(reply(302, undefined, { location: "http://127.0.0.1:1/elsewhere" }));
    const error = await failure(post(server.url));
    expect(error.retryable).toBe(false);
    expect(server.requests).toHaveLength(1);
  });

  it("a 429 is retryable after the Retry-After seconds", async () => {
    server = await startLocalServer(reply(429, undefined, { "retry-after": "3" }));
    const error = await failure(post(server.url));
    expect(error).toMatchObject({ retryable: true, retryAfterMs: 3000 });
  });

  it("a 429 without the header uses Discord's JSON retry_after", async () => {
    server = await startLocalServer(
      reply(429, { message: "You are being rate limited.", retry_after: 1.5, global: false }),
    );
    const error = await failure(post(server.url));
    expect(error).toMatchObject({ retryable: true, retryAfterMs: 1500 });
  });

  it("a 429 without the header uses Discourse's extras.wait_seconds", async () => {
    server = await startLocalServer(reply(429, { error_type: "rate_limit", extras: { wait_seconds: 7 } }));
    const error = await failure(post(server.url));
    expect(error).toMatchObject({ retryable: true, retryAfterMs: 7000 });
  });

  it("a server that never answers times out, retryable", async () => {
    server = await startLocalServer(() => {
      // Keep the connection open without a response.
    });
    const error = await failure(post(server.url, 100));
    expect(error.retryable).toBe(true);
    expect(error.message).toContain("pas de réponse");
  });

  it("a refused connection is retryable", async () => {
    const closed = await startLocalServer(reply(200));
    await closed.close();
    const error = await failure(post(closed.url));
    expect(error.retryable).toBe(true);
    expect(error.message).toContain("injoignable");
  });

  it("uses an injected fetch", async () => {
    const calls: string[] = [];
    await postJson(
      { label: "Test", url: "http://127.0.0.1:9/never", body: "{}" },
      {
        fetch: async (url) => {
          calls.push(url);
          return new Response(null, { status: 204 });
        },
      },
    );
    expect(calls).toEqual(["http://127.0.0.1:9/never"]);
  });
});

describe("parseRetryAfter", () => {
  const now = Date.parse("2026-12-03T10:00:00Z");
  it("reads delay-seconds", () => {
    expect(parseRetryAfter("3", now)).toBe(3000);
    expect(parseRetryAfter(" 0.25 ", now)).toBe(250);
  });
  it("reads an HTTP date relative to now, never negative", () => {
    expect(parseRetryAfter("Thu, 03 Dec 2026 10:00:30 GMT", now)).toBe(30_000);
    expect(parseRetryAfter("Thu, 03 Dec 2026 09:00:00 GMT", now)).toBe(0);
  });
  it("ignores what it cannot read", () => {
    expect(parseRetryAfter(null, now)).toBeUndefined();
    expect(parseRetryAfter("soon", now)).toBeUndefined();
  });
});
