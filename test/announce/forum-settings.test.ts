import { describe, expect, it } from "vitest";
import { parsePhpForm } from "../../shared/http/php-form.js";
import { memoryHarness } from "../support/harness.js";
import { DISCOURSE_SECRET, GENERIC_SECRET } from "../support/requests.js";

describe("CONTRACT 3 a forum's XenForo secret, announce and bot", () => {
  it("CONTRACT 3 are stored; the secret and the bot's key are never returned", async () => {
    const h = await memoryHarness();
    const res = await h.forum({
      webhookSecrets: {
        generic: GENERIC_SECRET,
        discourse: DISCOURSE_SECRET,
        xenforo: "a-xenforo-secret-long-enough",
      },
      announce: "turns",
      bot: {
        type: "xenforo",
        baseUrl: "https://forum.example.fr/community",
        apiKey: "xf-key-secret",
        userId: "4242",
      },
    });
    expect(res.status).toBe(201);
    const shown = await h.admin("GET", "/forums/poudlard");
    expect(shown.body).toMatchObject({
      webhookSecrets: { generic: true, discourse: true, xenforo: true },
      announce: "turns",
      bot: { type: "xenforo" },
    });
    expect(JSON.stringify(shown.body)).not.toContain("xf-key-secret");
    expect(JSON.stringify(shown.body)).not.toContain("a-xenforo-secret-long-enough");
    expect((await h.store.getForum("poudlard"))?.bot).toMatchObject({
      apiKey: "xf-key-secret",
      userId: "4242",
    });
  });

  it("CONTRACT 2 a short XenForo secret, an unknown announce mode or a bot without its id is 400", async () => {
    const h = await memoryHarness();
    const short = await h.forum({ webhookSecrets: { xenforo: "court" } });
    expect(short).toMatchObject({ status: 400, body: { error: { code: "invalid_body" } } });
    expect(JSON.stringify(short.body)).toContain("webhookSecrets.xenforo");
    expect((await h.forum({ announce: "parfois" })).status).toBe(400);
    const bot = await h.forum({ bot: { type: "xenforo", baseUrl: "https://forum.example.fr", apiKey: "k" } });
    expect(bot.status).toBe(400);
    expect(await h.store.getForum("poudlard")).toBeNull();
  });

  it("CONTRACT 3 the bot's forum is reached like a channel: https to a public host only", async () => {
    const h = await memoryHarness();
    for (const baseUrl of ["http://forum.example.fr", "https://127.0.0.1", "https://169.254.169.254"]) {
      const res = await h.forum({ bot: { type: "discourse", baseUrl, apiKey: "k", apiUsername: "arbitre" } });
      expect(res).toMatchObject({ status: 400, body: { error: { code: "invalid_body" } } });
      expect(JSON.stringify(res.body)).toContain("bot.baseUrl");
    }
    expect(await h.store.getForum("poudlard")).toBeNull();
  });
});

describe("CONTRACT 4.5 XenForo's form bodies (PHP http_build_query)", () => {
  it("CONTRACT 4.5 nested keys become objects, + is a space, and prototype keys are skipped", () => {
    expect(
      parsePhpForm(
        "content_type=post&data%5Bpost_id%5D=5&data%5BThread%5D%5Btitle%5D=Duel+%3A+A&data%5Btags%5D%5B%5D=x",
      ),
    ).toEqual({
      content_type: "post",
      data: { post_id: "5", Thread: { title: "Duel : A" }, tags: { "0": "x" } },
    });
    const hostile = parsePhpForm("__proto__%5Bpolluted%5D=1&data%5Bconstructor%5D%5Bprototype%5D=2&a=1");
    expect(hostile).toEqual({ a: "1" });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
