import { describe, expect, it } from "vitest";
import * as light from "../../shared/aws/light-fetch.js";

/**
 * The webhook bundle's `Headers`, `Request` and `Response` (shared/aws/light-fetch.ts) against
 * Node's own, which they stand for: the same operations give the same answers.
 */
describe("the webhook bundle's Headers", () => {
  const operations = (h: Headers | light.Headers) => {
    h.append("Content-Type", "application/json");
    h.append("X-Many", "one");
    h.append("x-many", " two\t");
    h.set("Retry-After", "5");
    h.append("Set-Cookie", "a=1");
    h.append("set-cookie", "b=2");
    h.append("Gone", "soon");
    h.delete("GONE");
    return {
      entries: [...h],
      keys: [...h.keys()],
      values: [...h.values()],
      many: h.get("X-MANY"),
      absent: h.get("absent"),
      has: [h.has("retry-after"), h.has("gone")],
      cookies: h.getSetCookie(),
      each: (() => {
        const seen: string[] = [];
        h.forEach((value, name) => {
          seen.push(`${name}=${value}`);
        });
        return seen;
      })(),
    };
  };

  it("keep, join, sort and iterate headers as Node's do", () => {
    expect(operations(new light.Headers())).toEqual(operations(new Headers()));
  });

  it("take the same initial values: a record, pairs, or other headers", () => {
    const record = { "Content-Type": "text/html", "x-a": "1" };
    const pairs: [string, string][] = [
      ["x-b", "2"],
      ["X-B", "3"],
    ];
    expect([...new light.Headers(record)]).toEqual([...new Headers(record)]);
    expect([...new light.Headers(pairs)]).toEqual([...new Headers(pairs)]);
    expect([...new light.Headers(new light.Headers(pairs))]).toEqual([...new Headers(new Headers(pairs))]);
    expect([...new light.Headers(new Headers(pairs))]).toEqual([...new Headers(pairs)]);
  });

  it("refuse what Node's refuse", () => {
    expect(() => new Headers().set("bad name", "x")).toThrow(TypeError);
    expect(() => new light.Headers().set("bad name", "x")).toThrow(TypeError);
    expect(() => new Headers().set("x", "a\nb")).toThrow(TypeError);
    expect(() => new light.Headers().set("x", "a\nb")).toThrow(TypeError);
  });
});

describe("the webhook bundle's Request", () => {
  const parts = async (r: Request | light.Request) => ({
    url: r.url,
    method: r.method,
    headers: [...r.headers],
    hasBody: r.body !== null,
    text: await r.text(),
    used: r.bodyUsed,
  });

  it("holds the url, the method, the headers and the body as Node's does", async () => {
    const init = { method: "post", headers: { "Content-Type": "application/json" }, body: '{"a":"é"}' };
    const url = "https://Example.com/webhooks/f/generic?x=1";
    expect(await parts(new light.Request(url, init))).toEqual(await parts(new Request(url, init)));
    const bytes = new TextEncoder().encode("des octets");
    expect(await parts(new light.Request(url, { method: "PUT", body: bytes }))).toEqual(
      await parts(new Request(url, { method: "PUT", body: bytes })),
    );
    expect(await parts(new light.Request(url))).toEqual(await parts(new Request(url)));
    // A string body gets the standard's content type.
    expect(new light.Request(url, { method: "POST", body: "x" }).headers.get("content-type")).toBe(
      new Request(url, { method: "POST", body: "x" }).headers.get("content-type"),
    );
  });

  it("reads its body once, as JSON or bytes, and refuses a second read", async () => {
    const request = new light.Request("https://h/p", { method: "POST", body: '{"n":1}' });
    expect(await request.json()).toEqual({ n: 1 });
    await expect(request.text()).rejects.toThrow(TypeError);
    const bytes = new light.Request("https://h/p", { method: "POST", body: "abc" });
    expect(new Uint8Array(await bytes.arrayBuffer())).toEqual(new TextEncoder().encode("abc"));
  });

  it("refuses a body on GET, as Node's does", () => {
    expect(() => new Request("https://h/p", { body: "x" })).toThrow(TypeError);
    expect(() => new light.Request("https://h/p", { body: "x" })).toThrow(TypeError);
  });

  it("gives its body to a reader in one chunk, and is rebuilt from another request (Hono's body limit)", async () => {
    const first = new light.Request("https://h/p", { method: "POST", body: "corps" });
    const reader = (first.body as { getReader(): ReadableStreamDefaultReader<Uint8Array> }).getReader();
    const chunk = await reader.read();
    expect(new TextDecoder().decode(chunk.value)).toBe("corps");
    expect((await reader.read()).done).toBe(true);
    const rebuilt = new light.Request(first, { body: new TextEncoder().encode("autre") });
    expect([rebuilt.url, rebuilt.method, await rebuilt.text()]).toEqual(["https://h/p", "POST", "autre"]);
  });

  it("hands a form to Node's own class", async () => {
    const request = new light.Request("https://h/p", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "a=1&b=deux",
    });
    const form = await request.formData();
    expect([form.get("a"), form.get("b")]).toEqual(["1", "deux"]);
  });
});

describe("the webhook bundle's Response", () => {
  const parts = async (r: Response | light.Response) => ({
    status: r.status,
    ok: r.ok,
    statusText: r.statusText,
    headers: [...r.headers],
    text: await r.text(),
  });

  it("holds the status, the headers and the body as Node's does", async () => {
    const init = { status: 503, headers: { "Content-Type": "application/json", "Retry-After": "5" } };
    expect(await parts(new light.Response('{"error":"é"}', init))).toEqual(
      await parts(new Response('{"error":"é"}', init)),
    );
    expect(await parts(new light.Response("texte"))).toEqual(await parts(new Response("texte")));
    expect(await parts(new light.Response(null, { status: 204 }))).toEqual(
      await parts(new Response(null, { status: 204 })),
    );
    expect(await parts(light.Response.json({ ok: true }, { status: 201 }))).toEqual(
      await parts(Response.json({ ok: true }, { status: 201 })),
    );
  });

  it("refuses a status outside 200–599, as Node's does", () => {
    expect(() => new Response(null, { status: 600 })).toThrow(RangeError);
    expect(() => new light.Response(null, { status: 600 })).toThrow(RangeError);
  });

  it("is rebuilt from another response's body and parts (Hono's merge of headers)", async () => {
    const first = new light.Response('{"a":1}', {
      status: 409,
      headers: { "content-type": "application/json" },
    });
    const rebuilt = new light.Response(first.body, first);
    expect(await parts(rebuilt)).toEqual(await parts(first.clone()));
    expect(rebuilt.status).toBe(409);
  });

  it("hands a body it does not hold (a stream) to Node's own class", async () => {
    const stream = new Response("par un flux").body;
    expect(await new light.Response(stream).text()).toBe("par un flux");
  });
});
