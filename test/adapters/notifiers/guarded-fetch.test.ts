import { afterEach, describe, expect, it } from "vitest";
import { createNotifier, postJson } from "../../../shared/adapters/notifiers/index.js";
import { DeliveryError } from "../../../shared/errors.js";
import { guardedFetch, type Resolve } from "../../../shared/net/guarded-fetch.js";
import { PUBLIC_ONLY } from "../../../shared/validation/channel-urls.js";
import { aHibou } from "./hibou-fixture.js";
import { type LocalServer, reply, startLocalServer } from "./local-server.js";

let server: LocalServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** A resolver answering from a table, counting its calls: the DNS of the tests. */
function resolver(table: Record<string, string[]>) {
  const calls: string[] = [];
  const resolve: Resolve = async (hostname) => {
    calls.push(hostname);
    return (table[hostname] ?? []).map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));
  };
  return { resolve, calls };
}

async function refusal(promise: Promise<unknown>): Promise<DeliveryError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(DeliveryError);
  return error as DeliveryError;
}

describe("CONTRACT 3 the notifiers connect only where hiboux may go, checked when connecting", () => {
  it("CONTRACT 3 a public name that resolves to loopback, or to any private address among public ones, is refused for good", async () => {
    server = await startLocalServer(reply(204));
    const port = new URL(server.url).port;
    const table = {
      "rebound.example.org": ["127.0.0.1"],
      "mixed.example.org": ["93.184.216.34", "10.0.0.7"],
      "metadata.example.org": ["169.254.169.254"],
      "v6.example.org": ["::1"],
    };
    const dns = resolver(table);
    for (const host of Object.keys(table)) {
      const error = await refusal(
        postJson(
          { label: "Webhook", url: `https://${host}:${port}/in`, body: "{}" },
          { fetch: guardedFetch(PUBLIC_ONLY, dns.resolve), timeoutMs: 2000 },
        ),
      );
      expect(error.retryable, host).toBe(false);
      expect(error.message).toMatch(/^Destination refusée/);
    }
    expect(dns.calls).toHaveLength(4);
    expect(server.requests).toEqual([]);
  });

  it("CONTRACT 3 an address in the URL is checked without any lookup", async () => {
    server = await startLocalServer(reply(204));
    const dns = resolver({});
    const error = await refusal(
      postJson(
        { label: "Webhook", url: `${server.url}/in`, body: "{}" },
        { fetch: guardedFetch(PUBLIC_ONLY, dns.resolve) },
      ),
    );
    expect(error.retryable).toBe(false);
    expect(dns.calls).toEqual([]);
    expect(server.requests).toEqual([]);
  });

  it("CONTRACT 3 the connection goes to the address that was checked, resolved once", async () => {
    server = await startLocalServer(reply(204));
    const port = new URL(server.url).port;
    const dns = resolver({ "receiver.example.org": ["127.0.0.1"] });
    await postJson(
      { label: "Webhook", url: `http://receiver.example.org:${port}/in`, body: '{"ok":true}' },
      { fetch: guardedFetch({ allowLoopback: true }, dns.resolve) },
    );
    expect(dns.calls).toEqual(["receiver.example.org"]);
    expect(server.requests).toMatchObject([
      { method: "POST", url: "/in", body: '{"ok":true}', headers: { host: `receiver.example.org:${port}` } },
    ]);
  });

  it("CONTRACT 3 a channel saved before URLs were checked is refused at delivery: Discord off Discord's hosts, loopback", async () => {
    server = await startLocalServer(reply(204));
    const notifier = createNotifier();
    for (const channel of [
      { type: "discord" as const, url: "https://example.org/api/webhooks/1/token" },
      { type: "webhook" as const, url: `${server.url}/in` },
      { type: "discourse" as const, baseUrl: "https://169.254.169.254", apiKey: "k", apiUsername: "bot" },
    ]) {
      const error = await refusal(notifier.deliver(aHibou(), channel, {}));
      expect(error.retryable).toBe(false);
    }
    expect(server.requests).toEqual([]);
  });

  it("CONTRACT 4.4 the board reads' GET: no body is a GET with the caller's conditional headers; a page over a refuse limit is rejected, not cut", async () => {
    server = await startLocalServer((_request, response) => {
      response.writeHead(200, { "content-type": "text/html" });
      response.end("x".repeat(5000));
    });
    const read = guardedFetch({ allowLoopback: true }, undefined, { maxBytes: 10_000, overflow: "refuse" });
    const page = await read(`${server.url}/t1-x`, { headers: { "if-none-match": '"abc"' } });
    expect((await page.text()).length).toBe(5000);
    expect(server.requests).toMatchObject([
      { method: "GET", url: "/t1-x", headers: { "if-none-match": '"abc"' } },
    ]);
    const small = guardedFetch({ allowLoopback: true }, undefined, { maxBytes: 1000, overflow: "refuse" });
    await expect(small(`${server.url}/t1-x`, {})).rejects.toMatchObject({ code: "EANSWERTOOLARGE" });
    // A notifier's limit (a number) still truncates: only a status and a hint are read.
    const cut = await guardedFetch(
      { allowLoopback: true },
      undefined,
      1000,
    )(`${server.url}/in`, { method: "POST", body: "{}" });
    expect((await cut.text()).length).toBe(1000);
  });
});
