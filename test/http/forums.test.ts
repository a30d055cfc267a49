import { beforeAll, describe, expect, it } from "vitest";
import { defaultRuleset } from "../../shared/rules/default-ruleset.js";
import { type MemoryHarness, memoryHarness } from "../support/harness.js";
import { ADMIN_TOKEN, DISCOURSE_SECRET, GENERIC_SECRET } from "../support/requests.js";

const FORUM = {
  name: "Poudlard RPG",
  webhookSecrets: { generic: GENERIC_SECRET, discourse: DISCOURSE_SECRET },
  referees: [{ id: "7", name: "Minerva McGonagall" }],
  notify: [{ type: "log" }],
};

describe("CONTRACT 3 forums", () => {
  let h: MemoryHarness;
  beforeAll(async () => {
    h = await memoryHarness();
  });

  it("CONTRACT 3 PUT creates a forum (201) then replaces it (200)", async () => {
    const created = await h.admin("PUT", "/forums/gringotts", FORUM);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ forumId: "gringotts", name: "Poudlard RPG" });
    const replaced = await h.admin("PUT", "/forums/gringotts", { ...FORUM, name: "Gringotts RPG" });
    expect(replaced.status).toBe(200);
    const read = await h.admin("GET", "/forums/gringotts");
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({
      forumId: "gringotts",
      name: "Gringotts RPG",
      referees: FORUM.referees,
    });
  });

  it("CONTRACT 3 secrets are never returned by a GET (nor by the PUT's answer)", async () => {
    const put = await h.app.request("/forums/secretive", {
      method: "PUT",
      headers: { Authorization: `Bearer ${ADMIN_TOKEN}`, "Content-Type": "application/json" },
      body: JSON.stringify({
        ...FORUM,
        notify: [
          {
            type: "discourse",
            baseUrl: "https://forum.example",
            apiKey: "api-key-secret-123",
            apiUsername: "system",
          },
        ],
      }),
    });
    expect(put.status).toBe(201);
    const get = await h.app.request("/forums/secretive", {
      headers: { Authorization: `Bearer ${ADMIN_TOKEN}` },
    });
    expect(get.status).toBe(200);
    for (const text of [await put.text(), await get.text()]) {
      expect(text).not.toContain(GENERIC_SECRET);
      expect(text).not.toContain(GENERIC_SECRET.slice("whsec_".length));
      expect(text).not.toContain(DISCOURSE_SECRET);
      expect(text).not.toContain("api-key-secret-123");
    }
  });

  it("CONTRACT 2 an invalid body is 400 with code, message and details naming the field", async () => {
    const res = await h.admin("PUT", "/forums/broken", {
      ...FORUM,
      webhookSecrets: { generic: "not-a-whsec" },
    });
    expect(res.status).toBe(400);
    const error = res.body.error as { code: string; message: string; details: { path: string }[] };
    expect(error.code).toBe("invalid_body");
    expect(error.message).toEqual(expect.any(String));
    expect(error.details.map((d) => d.path)).toContain("webhookSecrets.generic");
    const noName = await h.admin("PUT", "/forums/broken", { ...FORUM, name: undefined });
    expect(noName.status).toBe(400);
    expect((noName.body.error as { details: { path: string }[] }).details.map((d) => d.path)).toContain(
      "name",
    );
  });

  it("CONTRACT 3 a Standard Webhooks secret that gives no key is refused, not stored to refuse every delivery", async () => {
    for (const [path, body] of [
      [
        "webhookSecrets.generic",
        { ...FORUM, webhookSecrets: { generic: "whsec_AAAAAAAA=AAAAAAAAAAAAAAAA" } },
      ],
      [
        "notify.0.secret",
        { ...FORUM, notify: [{ type: "webhook", url: "https://example.org/h", secret: "whsec_A=A=" }] },
      ],
    ] as const) {
      const res = await h.admin("PUT", "/forums/unusable", body);
      expect(res.status).toBe(400);
      const error = res.body.error as { code: string; details: { path: string; message: string }[] };
      expect(error.code).toBe("invalid_body");
      expect(error.details).toContainEqual({ path, message: expect.stringContaining("illisible") });
    }
    expect((await h.admin("GET", "/forums/unusable")).status).toBe(404);
  });

  it("CONTRACT 3 a webhook channel with neither its own secret nor the forum's generic one is 400 naming notify.N.secret, nothing stored", async () => {
    const unsigned = { type: "webhook", url: "https://example.org/hiboux" };
    const noGeneric = { ...FORUM, webhookSecrets: { discourse: DISCOURSE_SECRET } };
    const created = await h.admin("PUT", "/forums/unsigned", {
      ...noGeneric,
      notify: [{ type: "log" }, unsigned],
    });
    expect(created.status).toBe(400);
    const error = created.body.error as { code: string; message: string; details: { path: string }[] };
    expect(error.code).toBe("invalid_body");
    expect(error.message).toContain("secret");
    expect(error.details.map((d) => d.path)).toEqual(["notify.1.secret"]);
    expect((await h.admin("GET", "/forums/unsigned")).status).toBe(404);
    // An existing forum is left as it was.
    expect((await h.admin("PUT", "/forums/unsigned", noGeneric)).status).toBe(201);
    const before = await h.store.getForum("unsigned");
    const replaced = await h.admin("PUT", "/forums/unsigned", {
      ...noGeneric,
      name: "Autre",
      notify: [unsigned],
    });
    expect(replaced.status).toBe(400);
    expect(await h.store.getForum("unsigned")).toEqual(before);
    // Its own secret, or the forum's generic one, signs: both are accepted.
    const own = { ...unsigned, secret: GENERIC_SECRET };
    expect((await h.admin("PUT", "/forums/unsigned", { ...noGeneric, notify: [own] })).status).toBe(200);
    expect((await h.admin("PUT", "/forums/unsigned", { ...FORUM, notify: [unsigned] })).status).toBe(200);
  });

  it("CONTRACT 3 PUT replaces the configuration whole, secrets too: a kind left out of webhookSecrets is removed", async () => {
    expect((await h.admin("PUT", "/forums/rotated", FORUM)).status).toBe(201);
    const xenforo = "a-new-xenforo-secret-of-32-chars";
    const rotated = await h.admin("PUT", "/forums/rotated", { ...FORUM, webhookSecrets: { xenforo } });
    expect(rotated.status).toBe(200);
    expect(rotated.body.webhookSecrets).toEqual({ generic: false, discourse: false, xenforo: true });
    const all = { ...FORUM, webhookSecrets: { ...FORUM.webhookSecrets, xenforo } };
    expect((await h.admin("PUT", "/forums/rotated", all)).body.webhookSecrets).toEqual({
      generic: true,
      discourse: true,
      xenforo: true,
    });
  });

  it("CONTRACT 2 an invalid forum id is 400", async () => {
    const res = await h.admin("PUT", "/forums/has.dot", FORUM);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: "invalid_forum_id" });
    expect((await h.admin("GET", "/forums/has.dot")).status).toBe(400);
  });

  it("CONTRACT 2 an invalid custom ruleset is 400 and its message names the bad field", async () => {
    const res = await h.admin("PUT", "/forums/custom", {
      ...FORUM,
      ruleset: { name: "Maison", spells: "pas une liste" },
    });
    expect(res.status).toBe(400);
    const error = res.body.error as { code: string; message: string };
    expect(error.code).toBe("invalid_ruleset");
    expect(error.message).toContain("spells");
    expect((await h.admin("GET", "/forums/custom")).status).toBe(404);
  });

  it("R-6.1 CONTRACT 2 a ruleset whose reply delay is zero or under the floor is 400 naming delays.reply", async () => {
    for (const reply of ["P0D", "PT1S", "PT45M"]) {
      const res = await h.admin("PUT", "/forums/custom", {
        ...FORUM,
        ruleset: { ...defaultRuleset, delays: { ...defaultRuleset.delays, reply } },
      });
      expect(res.status, reply).toBe(400);
      const error = res.body.error as { code: string; message: string };
      expect(error.code, reply).toBe("invalid_ruleset");
      expect(error.message, reply).toContain("delays.reply : délai de réponse trop court : 1 heure au moins");
    }
    expect((await h.admin("GET", "/forums/custom")).status).toBe(404);
    const hour = { ...defaultRuleset, delays: { ...defaultRuleset.delays, reply: "PT1H" } };
    expect((await h.admin("PUT", "/forums/custom", { ...FORUM, ruleset: hour })).status).toBe(201);
  });

  it("R-1.2 R-5.3 CONTRACT 3 a ruleset where a name names two things is 400, the stored forum unchanged", async () => {
    const custom = { ...defaultRuleset, name: "Maison" };
    expect((await h.admin("PUT", "/forums/ambiguous", { ...FORUM, ruleset: custom })).status).toBe(201);
    const before = await h.store.getForum("ambiguous");
    const ambiguous = {
      ...custom,
      spells: [
        ...custom.spells,
        {
          id: "lecture",
          name: "Lecture des pensées",
          aliases: ["Légilimens"],
          kind: "charme",
          rule: "R-4.3",
          effects: [],
        },
      ],
      particularities: [
        ...custom.particularities,
        { id: "voyance", name: "Voyance", aliases: ["Voyant"], usage: "unusable", rule: "R-5.2" },
      ],
    };
    const res = await h.admin("PUT", "/forums/ambiguous", { ...FORUM, name: "Renommé", ruleset: ambiguous });
    expect(res.status).toBe(400);
    const error = res.body.error as {
      code: string;
      message: string;
      details: { path: string; message: string }[];
    };
    expect(error.code).toBe("invalid_ruleset");
    expect(error.details).toEqual([
      { path: "particularities.0.name", message: expect.stringContaining("désigne déjà le sort lecture") },
      {
        path: `particularities.${custom.particularities.length}.aliases.0`,
        message: expect.stringContaining("désigne déjà la particularité voyant"),
      },
    ]);
    expect(error.message).toContain("particularities.0.name");
    expect(await h.store.getForum("ambiguous")).toEqual(before);
  });

  it("CONTRACT 2 no token is 401, a wrong token is 401", async () => {
    const none = await h.app.request("/forums/gringotts");
    expect(none.status).toBe(401);
    expect(await none.json()).toMatchObject({ error: { code: "unauthorized", message: expect.any(String) } });
    const wrong = await h.app.request("/forums/gringotts", {
      headers: { Authorization: "Bearer not-the-token" },
    });
    expect(wrong.status).toBe(401);
    const wrongPut = await h.app.request("/forums/gringotts", {
      method: "PUT",
      headers: { Authorization: "Bearer not-the-token", "Content-Type": "application/json" },
      body: JSON.stringify(FORUM),
    });
    expect(wrongPut.status).toBe(401);
  });

  it("CONTRACT 3.1 a token in the URL is refused, even the right one, with a French message", async () => {
    for (const token of ["nope", ADMIN_TOKEN]) {
      const res = await h.app.request(`/forums/gringotts?token=${token}`);
      expect(res.status).toBe(400);
      const body = (await res.json()) as { error: { code: string; message: string } };
      expect(body.error.code).toBe("token_in_url");
      expect(body.error.message).toContain("Jeton refusé dans l'adresse");
    }
  });

  it("CONTRACT 2 an unknown forum is 404", async () => {
    const res = await h.admin("GET", "/forums/nowhere");
    expect(res.status).toBe(404);
    expect(res.body.error).toMatchObject({ code: "forum_not_found" });
  });
});
