import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createNotifier } from "../../shared/adapters/notifiers/index.js";
import { defaultRuleset } from "../../shared/rules/default-ruleset.js";
import { sendXenForo, XENFORO_DUEL, xenforoFixture } from "../http/xenforo-support.js";
import { DISCOURSE_DUEL, discourseFixture, sendDiscourse } from "../support/discourse.js";
import { postPayload } from "../support/duels.js";
import { type MemoryHarness, memoryHarness } from "../support/harness.js";
import { DISCOURSE_SECRET, GENERIC_SECRET } from "../support/requests.js";
import { browser, decoded } from "./support.js";

function errorFor(html: string, field: string): string | undefined {
  const m = new RegExp(`data-error-for="${field.replaceAll(".", "\\.")}">([^<]*)<`).exec(html);
  return m?.[1] === undefined ? undefined : decoded(m[1]);
}

/** A channel's endpoint: answers every POST with `status` and `body`, and keeps what it got. */
async function endpoint(status: number, body = "") {
  const received: string[] = [];
  const server: Server = createServer((req, res) => {
    let data = "";
    req.on("data", (chunk) => {
      data += chunk;
    });
    req.on("end", () => {
      received.push(data);
      res.writeHead(status, { "content-type": "text/plain" }).end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hiboux`,
    received,
    close: () => new Promise((r) => server.close(r)),
  };
}

describe("forum settings on the desk (CONTRACT 3)", () => {
  let h: MemoryHarness;
  let b: ReturnType<typeof browser>;
  let csrf: string;
  const servers: { close: () => Promise<unknown> }[] = [];
  beforeEach(async () => {
    // The real notifiers: the test hibou's answer is what a real channel said.
    // The channels' fakes are on loopback, which only the local stack's policy lets hiboux reach.
    h = await memoryHarness({
      allowLoopbackChannels: true,
      notifier: createNotifier({ log: () => {}, http: { destinations: { allowLoopback: true } } }),
    });
    await h.forum();
    b = browser(h);
    await b.login();
    csrf = (await b.page("/admin/forums/poudlard")).csrf;
  });
  afterEach(async () => {
    for (const s of servers.splice(0)) await s.close();
  });
  const send = (action: string, fields: Record<string, string> = {}) =>
    b.post(`/admin/forums/poudlard/${action}`, { ...fields, _csrf: csrf });

  it("CONTRACT 3 shows every section in French, secrets only as set or not", async () => {
    const { html } = await b.page("/admin/forums/poudlard");
    const text = decoded(html);
    for (const heading of [
      "Réglages du forum Poudlard RPG",
      "Arbitres",
      "Secrets des webhooks",
      "Canaux des hiboux",
      "Règlement",
      "Source Forumactif",
    ])
      expect(text).toContain(heading);
    expect(html).toContain('name="referees.0.id" value="7"');
    expect(html).toContain('name="referees.0.name" value="Minerva McGonagall"');
    expect(text).toContain("Webhook générique (Standard Webhooks) : défini");
    expect(html).not.toContain(GENERIC_SECRET);
    expect(html).not.toContain(DISCOURSE_SECRET);
    // The ruleset's values, readable: the PD table and the rest.
    expect(html).toContain('name="startingPoints.3" value="25"');
    expect(text).toContain("Mots minimum par message : 100");
    expect(text).toContain("Legilimens");
    // CONTRACT 4.4: a forum without a Forumactif source says so; no "coming soon" placeholder.
    expect(text).toContain("Aucune source Forumactif : les messages de ce forum arrivent par webhook");
    expect(text).not.toContain("viendra");
    // The picker leads to a forum's page.
    const pick = await b.get("/admin/forums?forum=poudlard");
    expect(pick.headers.get("location")).toBe("/admin/forums/poudlard");
  });

  it("CONTRACT 8 the club's embed code is offered once a board address may frame it, whatever the forum's software", async () => {
    const before = decoded((await b.page("/admin/forums/poudlard")).html);
    expect(before).toContain("Indiquez d'abord l'adresse de votre forum");
    expect(before).not.toContain("<iframe");
    const bad = await send("club", { boardOrigins: "pas une adresse" });
    expect(bad.status).toBe(400);
    expect(errorFor(await bad.text(), "boardOrigins")).toContain("adresse du forum attendue");
    expect((await send("club", { boardOrigins: "poudlard.forumactif.com" })).status).toBe(303);
    const after = decoded((await b.page("/admin/forums/poudlard")).html);
    expect(after).toContain("L'encart peut s'afficher sur : https://poudlard.forumactif.com.");
    expect(after).toContain("<iframe");
    const embed = await h.app.request("/club/poudlard/embed");
    expect(embed.headers.get("content-security-policy")).toContain(
      "frame-ancestors https://poudlard.forumactif.com",
    );
  });

  it("CONTRACT 3 name and referees are saved like PUT /forums; a bad line is shown next to the field", async () => {
    expect((await send("name", { name: "Poudlard, le RPG" })).status).toBe(303);
    const referees = "7 ; Minerva McGonagall ; minerva\n8 ; Severus Rogue";
    expect((await send("referees", { referees })).status).toBe(303);
    const forum = await h.admin("GET", "/forums/poudlard");
    expect(forum.body).toMatchObject({
      name: "Poudlard, le RPG",
      referees: [
        { id: "7", name: "Minerva McGonagall", username: "minerva" },
        { id: "8", name: "Severus Rogue" },
      ],
      webhookSecrets: { generic: true, discourse: true },
    });
    const bad = await send("referees", { referees: "7 ; Minerva\n9" });
    expect(bad.status).toBe(400);
    expect(errorFor(await bad.text(), "referees")).toBe("ligne 2 : indiquez « numéro ; nom ».");
    const empty = await send("name", { name: "" });
    expect(errorFor(await empty.text(), "name")).toBe("ne peut pas être vide");
    expect((await h.admin("GET", "/forums/poudlard")).body.name).toBe("Poudlard, le RPG");
  });

  it("CONTRACT 3 a new generic secret is shown once; the old one stops being accepted at once", async () => {
    const res = await send("secrets/generic");
    expect(res.status).toBe(303);
    const shown = await b.follow(res);
    expect(shown.headers.get("cache-control")).toBe("no-store");
    const secret = /data-secret="generic">(whsec_[A-Za-z0-9+/=]+)</.exec(await shown.text())?.[1] ?? "";
    expect(secret).toMatch(/^whsec_/);
    expect(secret).not.toBe(GENERIC_SECRET);
    expect(await (await b.get("/admin/forums/poudlard")).text()).not.toContain(secret);
    const post = JSON.stringify(
      postPayload({
        postId: "1",
        author: { id: "42", name: "Alice" },
        createdAt: "2026-11-30T09:00:00Z",
        content: "x",
      }),
    );
    expect((await h.genericRaw(post)).status).toBe(401);
    expect((await h.genericRaw(post, { secret })).status).toBe(200);
  });

  it("CONTRACT 3 a new Discourse secret: the old signature is refused, the new one accepted", async () => {
    await h.admin("POST", "/duels", DISCOURSE_DUEL);
    const res = await send("secrets/discourse");
    const secret = /data-secret="discourse">([^<]+)</.exec(await (await b.follow(res)).text())?.[1] ?? "";
    expect(secret.length).toBeGreaterThanOrEqual(12);
    const created = discourseFixture("post_created");
    expect((await sendDiscourse(h, created)).status).toBe(401);
    expect((await sendDiscourse(h, created, { secret })).status).toBe(200);
  });

  it("CONTRACT 3 a new XenForo secret is generated on its own: shown once, accepted at once, the other secrets kept", async () => {
    expect((await h.admin("GET", "/forums/poudlard")).body.webhookSecrets).toMatchObject({ xenforo: false });
    const res = await send("secrets/xenforo");
    expect(res.status).toBe(303);
    const secret = /data-secret="xenforo">([^<]+)</.exec(await (await b.follow(res)).text())?.[1] ?? "";
    expect(secret).toMatch(/^[0-9a-f]{48}$/);
    expect((await h.admin("GET", "/forums/poudlard")).body.webhookSecrets).toEqual({
      generic: true,
      discourse: true,
      xenforo: true,
    });
    expect(decoded((await b.page("/admin/forums/poudlard")).html)).toContain("Webhook XenForo : défini");
    await h.admin("POST", "/duels", XENFORO_DUEL);
    const post = xenforoFixture("post-insert.json");
    expect((await sendXenForo(h, post, { secret: "an-old-or-wrong-secret-0000" })).status).toBe(401);
    expect((await sendXenForo(h, post, { secret })).status).toBe(200);
  });

  it("CONTRACT 3 a webhook channel with no secret on a forum with no generic secret is refused beside channel.secret, nothing stored", async () => {
    const ok = await endpoint(200);
    servers.push(ok);
    const put = await h.admin("PUT", "/forums/poudlard", {
      name: "Poudlard RPG",
      webhookSecrets: { discourse: DISCOURSE_SECRET },
      referees: [{ id: "7", name: "Minerva McGonagall" }],
      notify: [{ type: "log" }],
    });
    expect(put.status).toBe(200);
    const before = await h.store.getForum("poudlard");
    const refused = await send("channels", { "channel.type": "webhook", "channel.url": ok.url });
    expect(refused.status).toBe(400);
    expect(errorFor(await refused.text(), "channel.secret")).toContain("secret");
    expect(await h.store.getForum("poudlard")).toEqual(before);
    const own = { "channel.type": "webhook", "channel.url": ok.url, "channel.secret": GENERIC_SECRET };
    expect((await send("channels", own)).status).toBe(303);
  });

  it("CONTRACT 3 channels: the API's checks on adding, a test hibou shows what the channel answered", async () => {
    const bad = await send("channels", { "channel.type": "webhook", "channel.url": "pas une adresse" });
    expect(bad.status).toBe(400);
    expect(errorFor(await bad.text(), "channel.url")).toBeDefined();

    const ok = await endpoint(200);
    const gone = await endpoint(410, "webhook supprimé");
    servers.push(ok, gone);
    expect((await send("channels", { "channel.type": "webhook", "channel.url": ok.url })).status).toBe(303);
    expect((await send("channels", { "channel.type": "discord", "channel.url": gone.url })).status).toBe(303);
    const page = decoded(await (await b.get("/admin/forums/poudlard")).text());
    expect(page).toContain("webhook signé");
    expect(page).not.toContain(ok.url);

    // Channel 1 is the forum's `log`, 2 the webhook, 3 the Discord one.
    const delivered = decoded(await (await send("channels/1/test")).text());
    expect(delivered).toContain("Canal 2 : hibou d'essai remis, le canal a répondu sans erreur.");
    expect(ok.received[0]).toContain("Ceci est un hibou d'essai du forum Poudlard RPG");
    const refused = decoded(await (await send("channels/2/test")).text());
    expect(refused).toContain("Canal 3 : échec (définitif)");
    expect(refused).toContain("410");
    // Only the status is kept of a refusal (CONTRACT 3): the receiver's own words are not shown back.
    expect(refused).not.toContain("webhook supprimé");

    // A Discourse private message goes to a person: the test hibou is for the forum's first referee.
    await send("referees", { referees: "7 ; Minerva McGonagall ; minerva" });
    const discourse = {
      "channel.type": "discourse",
      "channel.baseUrl": new URL(ok.url).origin,
      "channel.apiKey": "key-for-tests",
      "channel.apiUsername": "system",
    };
    expect((await send("channels", discourse)).status).toBe(303);
    const pm = decoded(await (await send("channels/3/test")).text());
    expect(pm).toContain("Canal 4 : hibou d'essai remis");
    expect(ok.received.at(-1)).toContain('"target_recipients":"minerva"');
    expect((await send("channels/3/remove")).status).toBe(303);

    expect((await send("channels/2/remove")).status).toBe(303);
    const forum = await h.store.getForum("poudlard");
    expect(forum?.notify.map((n) => n.type)).toEqual(["log", "webhook"]);
  });

  it("CONTRACT 3 channels: whom a channel serves is chosen on the desk, with the API's checks", async () => {
    const ok = await endpoint(200);
    servers.push(ok);
    const shared = { "channel.type": "discord", "channel.url": ok.url };
    const refused = await send("channels", { ...shared, "channel.serves": "referees,duelists" });
    expect(refused.status).toBe(400);
    expect(errorFor(await refused.text(), "channel.serves")).toBeDefined();
    expect((await send("channels", { ...shared, "channel.serves": "referees" })).status).toBe(303);
    const forum = await h.store.getForum("poudlard");
    expect(forum?.notify.at(-1)).toMatchObject({ type: "discord", serves: ["referees"] });
  });

  it("CONTRACT 3 ruleset: the PD table, sanctions and delays are edited with validation; registrations use them", async () => {
    const { html } = await b.page("/admin/forums/poudlard");
    const values = Object.fromEntries(
      [
        ...html.matchAll(
          /name="((?:startingPoints|actionFaultSanction|delays)\.[\w]+|actionFaultsBeforeSanction)" value="([^"]*)"/g,
        ),
      ].map((m) => [m[1] ?? "", m[2] ?? ""]),
    );
    const sanctions = decoded(/<textarea name="absenceSanctions"[^>]*>([^<]*)</.exec(html)?.[1] ?? "");
    const base = { ...values, absenceSanctions: sanctions };
    const invalid = await send("ruleset", {
      ...base,
      "startingPoints.3": "beaucoup",
      "delays.reply": "bientôt",
      absenceSanctions: "5\nabc",
      actionFaultsBeforeSanction: "0",
    });
    expect(invalid.status).toBe(400);
    const page = await invalid.text();
    expect(errorFor(page, "startingPoints.3")).toBe("nombre entier attendu.");
    expect(errorFor(page, "delays.reply")).toContain("durée illisible");
    expect(errorFor(page, "absenceSanctions")).toContain("ligne 2");
    expect((await h.admin("GET", "/forums/poudlard")).body.ruleset).toEqual({ custom: false });

    const saved = await send("ruleset", {
      ...base,
      "startingPoints.3": "30",
      "delays.reply": "4 jours",
      absenceSanctions: "0\n5\n10 + disqualification",
    });
    expect(saved.status).toBe(303);
    const forum = await h.store.getForum("poudlard");
    expect(forum?.ruleset?.startingPoints["3"]).toBe(30);
    expect(forum?.ruleset?.delays.reply).toBe("P4D");
    expect(forum?.ruleset?.absenceSanctions).toEqual([
      { points: 0, disqualify: false },
      { points: 5, disqualify: false },
      { points: 10, disqualify: true },
    ]);
    const duel = await h.admin("POST", "/duels", {
      forumId: "poudlard",
      threadId: "55",
      referee: { id: "7", name: "Minerva McGonagall" },
      duelists: [
        { id: "42", name: "Alice Dubois", year: 3 },
        { id: "43", name: "Bob Martin", year: "adulte" },
      ],
    });
    expect(duel.body.duelists).toMatchObject([{ id: "42", startingPoints: 30 }, { id: "43" }]);
  });

  /**
   * Stores, behind the API's back, a ruleset saved before names had to be unambiguous: one more
   * particularity whose alias names the default ruleset's Voyant.
   */
  async function storeAmbiguousRuleset() {
    const forum = await h.store.getForum("poudlard");
    if (!forum) throw new Error("the harness's forum is missing");
    const ambiguous = {
      ...defaultRuleset,
      particularities: [
        ...defaultRuleset.particularities,
        { id: "voyance", name: "Voyance", aliases: ["Voyant"], usage: "unusable" as const, rule: "R-5.2" },
      ],
    };
    await h.store.putForum({ ...forum, ruleset: ambiguous });
    return ambiguous;
  }

  it("R-1.2 CONTRACT 3 a stored ruleset whose names are ambiguous is refused on save, the field named above the form", async () => {
    // A ruleset stored before names had to be unambiguous: this form cannot edit its
    // particularities, so their refusal is shown for the whole form rather than next to no field.
    const ambiguous = await storeAmbiguousRuleset();
    const { html } = await b.page("/admin/forums/poudlard");
    const values = Object.fromEntries(
      [
        ...html.matchAll(
          /name="((?:startingPoints|actionFaultSanction|delays)\.[\w]+|actionFaultsBeforeSanction)" value="([^"]*)"/g,
        ),
      ].map((m) => [m[1] ?? "", m[2] ?? ""]),
    );
    const sanctions = decoded(/<textarea name="absenceSanctions"[^>]*>([^<]*)</.exec(html)?.[1] ?? "");
    const refused = await send("ruleset", {
      ...values,
      absenceSanctions: sanctions,
      "startingPoints.3": "30",
    });
    expect(refused.status).toBe(400);
    const message = errorFor(await refused.text(), "form");
    expect(message).toContain(`particularities.${defaultRuleset.particularities.length}.aliases.0`);
    expect(message).toContain("désigne déjà la particularité voyant");
    expect((await h.store.getForum("poudlard"))?.ruleset).toEqual(ambiguous);
  });

  it("R-1.2 CONTRACT 3 a stored ruleset accepted before names had to be unambiguous does not stop the other sections", async () => {
    // Only a ruleset that changes meets today's checks: the name, referees and channels sections
    // send the stored one back as it is, and must still save.
    const ambiguous = await storeAmbiguousRuleset();
    expect((await send("name", { name: "Poudlard, le RPG" })).status).toBe(303);
    expect((await send("referees", { referees: "7 ; Minerva" })).status).toBe(303);
    const saved = await h.store.getForum("poudlard");
    expect(saved?.name).toBe("Poudlard, le RPG");
    expect(saved?.ruleset).toEqual(ambiguous);
  });

  it("CONTRACT 3 the page is in sections with a table of contents; a channel type shows only its fields", async () => {
    const { html } = await b.page("/admin/forums/poudlard");
    const toc = /<nav class="toc"[\s\S]*?<\/nav>/.exec(html)?.[0] ?? "";
    for (const id of ["people", "sources", "channels", "ruleset", "forumactif"]) {
      expect(toc).toContain(`href="#${id}"`);
      expect(html).toContain(`<section id="${id}">`);
    }
    const forms = Object.fromEntries(
      [...html.matchAll(/<details class="channel-type" data-channel-type="(\w+)"[\s\S]*?<\/details>/g)].map(
        (m) => [m[1] ?? "", [...(m[0].matchAll(/name="channel\.(\w+)"/g) ?? [])].map((f) => f[1])],
      ),
    );
    expect(forms).toEqual({
      log: ["type", "serves"],
      webhook: ["type", "url", "secret", "serves"],
      discord: ["type", "url", "serves"],
      discourse: ["type", "baseUrl", "apiKey", "apiUsername", "serves"],
      forumactif: ["type", "baseUrl", "username", "password", "serves"],
    });
  });

  it("CONTRACT 3 referees are rows: one added in an empty row, one removed by clearing it, a half-filled row refused beside its field", async () => {
    const added = await send("referees", {
      "referees.0.id": "7",
      "referees.0.name": "Minerva McGonagall",
      "referees.0.username": "minerva",
      "referees.1.id": "8",
      "referees.1.name": "Severus Rogue",
      "referees.1.username": "",
      "referees.2.id": "",
      "referees.2.name": "",
      "referees.2.username": "",
    });
    expect(added.status).toBe(303);
    expect((await h.store.getForum("poudlard"))?.referees).toEqual([
      { id: "7", name: "Minerva McGonagall", username: "minerva" },
      { id: "8", name: "Severus Rogue" },
    ]);
    const half = await send("referees", {
      "referees.0.id": "",
      "referees.0.name": "",
      "referees.1.id": "8",
      "referees.1.name": "Severus Rogue",
      "referees.2.id": "9",
      "referees.2.name": "",
    });
    expect(half.status).toBe(400);
    expect(errorFor(await half.text(), "referees.2.name")).toBe("à remplir.");
    const removed = await send("referees", {
      "referees.0.id": "",
      "referees.0.name": "",
      "referees.1.id": "8",
      "referees.1.name": "Severus Rogue",
    });
    expect(removed.status).toBe(303);
    expect((await h.store.getForum("poudlard"))?.referees).toEqual([{ id: "8", name: "Severus Rogue" }]);
  });
});
