import { afterEach, describe, expect, it } from "vitest";
import { createNotifier } from "../../shared/adapters/notifiers/index.js";
import { topicReader } from "../../shared/forumactif/topic-reader.js";
import { browser, decoded } from "../admin/support.js";
import { DUEL_BODY } from "../support/duels.js";
import { DUEL_FACES } from "../support/forumactif/dice-markup.js";
import { FakeBoard } from "../support/forumactif/fake-board.js";
import { type MemoryHarness, memoryHarness } from "../support/harness.js";

let board: FakeBoard | undefined;
afterEach(async () => {
  await board?.close();
  board = undefined;
});

async function setup(): Promise<{ h: MemoryHarness; board: FakeBoard }> {
  const h = await memoryHarness({ forumactif: { reader: topicReader } });
  board = await FakeBoard.start({ now: () => h.clock.now().toISOString() });
  return { h, board };
}

const source = (baseUrl: string, extra: Record<string, unknown> = {}) => ({
  type: "forumactif",
  baseUrl,
  dice: { name: "Duel", faces: DUEL_FACES },
  account: { username: "Arbitre automatique", password: "mot-de-passe-secret" },
  ...extra,
});

describe("CONTRACT 4.4: a forum's Forumactif source", () => {
  it("CONTRACT 4.4 the desk's forum page shows the source in its form, the password never", async () => {
    const { h, board: fake } = await setup();
    expect((await h.forum({ source: source(`${fake.url}/`, { pollEvery: "PT5M" }) })).status).toBe(201);
    const desk = browser(h);
    await desk.login();
    const html = await (await desk.get("/admin/forums/poudlard")).text();
    const section = decoded(/<section id="source">[\s\S]*?<\/section>/.exec(html)?.[0] ?? "");
    expect(section).toContain(`name="source.baseUrl" value="${fake.url}"`);
    expect(section).toContain('name="source.timeZone" value="Europe/Paris"');
    expect(section).toContain('name="source.pollEvery" value="5 minutes"');
    expect(section).toContain('name="source.account.username" value="Arbitre automatique"');
    expect(section).toContain('name="source.dice.name" value="Duel"');
    expect(section).toContain("de-duel-4.png = 4");
    expect(section).toContain("Mot de passe de « Arbitre automatique » enregistré (jamais affiché)");
    expect(section).not.toContain("PUT /forums/poudlard");
    expect(html).not.toContain("mot-de-passe-secret");
  });

  it("CONTRACT 4.4 the desk's form sets the source as PUT does: the board read first, each refusal beside its field, the password kept when left empty", async () => {
    const { h, board: fake } = await setup();
    expect((await h.forum()).status).toBe(201);
    fake.messaging.addMember("Arbitre automatique", "mot-de-passe-secret");
    const desk = browser(h);
    await desk.login();
    const form = (csrf: string, fields: Record<string, string>) => ({
      _csrf: csrf,
      "source.baseUrl": fake.url,
      "source.timeZone": "Europe/Paris",
      "source.pollEvery": "2 minutes",
      "source.template": "",
      "source.account.username": "Arbitre automatique",
      "source.account.password": "mot-de-passe-secret",
      "source.dice.name": "Duel",
      "source.dice.faces": "de-duel-1.png = 1\nde-duel-2.png = 2\nhttps://i.servimg.com/de-duel-3.png : 3",
      ...fields,
    });

    let { csrf } = await desk.page("/admin/forums/poudlard");
    const refused = await desk.post(
      "/admin/forums/poudlard/source",
      form(csrf, { "source.timeZone": "Europe/Poudlard", "source.dice.faces": "de-duel-1.png = un" }),
    );
    expect(refused.status).toBe(400);
    const refusedHtml = decoded(await refused.text());
    expect(refusedHtml).toContain('data-error-for="source.dice.faces">ligne 1 : écrivez l\'image de la face');
    expect(refusedHtml).not.toContain("mot-de-passe-secret");
    expect((await h.store.getForum("poudlard"))?.source).toBeUndefined();

    ({ csrf } = await desk.page("/admin/forums/poudlard"));
    const badZone = await desk.post(
      "/admin/forums/poudlard/source",
      form(csrf, { "source.timeZone": "Europe/Poudlard" }),
    );
    expect(badZone.status).toBe(400);
    expect(decoded(await badZone.text())).toContain(
      'data-error-for="source.timeZone">fuseau horaire IANA attendu (ex. Europe/Paris)',
    );

    const other = await FakeBoard.start();
    const otherUrl = other.url;
    await other.close();
    ({ csrf } = await desk.page("/admin/forums/poudlard"));
    const down = await desk.post("/admin/forums/poudlard/source", form(csrf, { "source.baseUrl": otherUrl }));
    expect(down.status).toBe(400);
    const downError = /data-error-for="source.baseUrl">([^<]*)</.exec(decoded(await down.text()))?.[1];
    // In French, and never the transport's own words (an address, a port, ECONNREFUSED).
    expect(downError).toBe("aucune page du forum à cette adresse : le forum ne répond pas");
    expect((await h.store.getForum("poudlard"))?.source).toBeUndefined();

    ({ csrf } = await desk.page("/admin/forums/poudlard"));
    const saved = await desk.post("/admin/forums/poudlard/source", form(csrf, {}));
    expect(saved.status).toBe(303);
    expect(saved.headers.get("location")).toBe("/admin/forums/poudlard?fait=saved&partie=source#source");
    const stored = (await h.store.getForum("poudlard"))?.source;
    expect(stored).toMatchObject({
      baseUrl: fake.url,
      timeZone: "Europe/Paris",
      pollEvery: "PT2M",
      account: { username: "Arbitre automatique", password: "mot-de-passe-secret" },
      dice: {
        name: "Duel",
        faces: { "de-duel-1.png": 1, "de-duel-2.png": 2, "https://i.servimg.com/de-duel-3.png": 3 },
      },
    });

    // The password left empty keeps the stored one; a new account without one is refused.
    ({ csrf } = await desk.page("/admin/forums/poudlard"));
    const again = await desk.post(
      "/admin/forums/poudlard/source",
      form(csrf, { "source.account.password": "", "source.pollEvery": "5 minutes" }),
    );
    expect(again.status).toBe(303);
    expect((await h.store.getForum("poudlard"))?.source).toMatchObject({
      pollEvery: "PT5M",
      account: { username: "Arbitre automatique", password: "mot-de-passe-secret" },
    });
    ({ csrf } = await desk.page("/admin/forums/poudlard"));
    const newAccount = await desk.post(
      "/admin/forums/poudlard/source",
      form(csrf, { "source.account.username": "Autre robot", "source.account.password": "" }),
    );
    expect(newAccount.status).toBe(400);
    expect(decoded(await newAccount.text())).toContain(
      'data-error-for="source.account.password">mot de passe requis pour ce compte.',
    );

    // The theme's selectors: all four or none; a selector the reader cannot read is refused beside it.
    const markup = {
      "source.markup.post": "div.rp-post",
      "source.markup.author": ".rp-pseudo",
      "source.markup.date": ".rp-date",
      "source.markup.message": ".rp-texte",
    };
    ({ csrf } = await desk.page("/admin/forums/poudlard"));
    const partial = await desk.post(
      "/admin/forums/poudlard/source",
      form(csrf, { "source.markup.post": "div.rp-post" }),
    );
    expect(partial.status).toBe(400);
    expect(decoded(await partial.text())).toContain(
      'data-error-for="source.markup.date">indiquez les quatre sélecteurs, ou aucun.',
    );
    ({ csrf } = await desk.page("/admin/forums/poudlard"));
    const unreadable = await desk.post(
      "/admin/forums/poudlard/source",
      form(csrf, { ...markup, "source.markup.date": "span[" }),
    );
    expect(unreadable.status).toBe(400);
    expect(decoded(await unreadable.text())).toContain('data-error-for="source.markup.date">');
    ({ csrf } = await desk.page("/admin/forums/poudlard"));
    expect((await desk.post("/admin/forums/poudlard/source", form(csrf, markup))).status).toBe(303);
    expect((await h.store.getForum("poudlard"))?.source?.markup).toEqual({
      post: "div.rp-post",
      author: ".rp-pseudo",
      date: ".rp-date",
      message: ".rp-texte",
    });
    const shown = decoded((await desk.page("/admin/forums/poudlard")).html);
    expect(shown).toContain('name="source.markup.author" value=".rp-pseudo"');
    ({ csrf } = await desk.page("/admin/forums/poudlard"));
    expect((await desk.post("/admin/forums/poudlard/source", form(csrf, {}))).status).toBe(303);
    expect((await h.store.getForum("poudlard"))?.source?.markup).toBeUndefined();

    // The connection test: the board answers, the account logs in; a wrong password is said.
    ({ csrf } = await desk.page("/admin/forums/poudlard"));
    const tested = decoded(
      await (await desk.post("/admin/forums/poudlard/source/test", { _csrf: csrf })).text(),
    );
    expect(tested).toContain(`Le forum ${fake.url} répond par une page Forumactif.`);
    expect(tested).toContain("Le compte robot « Arbitre automatique » se connecte.");
    ({ csrf } = await desk.page("/admin/forums/poudlard"));
    await desk.post("/admin/forums/poudlard/source", form(csrf, { "source.account.password": "faux" }));
    ({ csrf } = await desk.page("/admin/forums/poudlard"));
    const wrong = decoded(
      await (await desk.post("/admin/forums/poudlard/source/test", { _csrf: csrf })).text(),
    );
    expect(wrong).toContain(
      "Le compte robot « Arbitre automatique » ne se connecte pas : mot de passe refusé : le forum refuse la connexion du compte robot",
    );
  });

  it("CONTRACT 4.4 is stored with its defaults, and its account's password is never returned", async () => {
    const { h, board: fake } = await setup();
    const put = await h.forum({ source: source(`${fake.url}/`) });
    expect(put.status).toBe(201);
    const got = await h.admin("GET", "/forums/poudlard");
    expect(got.body.source).toEqual({
      type: "forumactif",
      baseUrl: fake.url,
      timeZone: "Europe/Paris",
      pollEvery: "PT2M",
      dice: { name: "Duel", faces: DUEL_FACES },
      account: { username: "Arbitre automatique" },
    });
    expect(JSON.stringify(got.body)).not.toContain("mot-de-passe-secret");
    expect(JSON.stringify(put.body)).not.toContain("mot-de-passe-secret");
  });

  it("CONTRACT 4.4 bad settings get 400 naming the field, and nothing is stored", async () => {
    const { h, board: fake } = await setup();
    const cases: [Record<string, unknown>, string][] = [
      [{ timeZone: "Europe/Poudlard" }, "source.timeZone"],
      [{ pollEvery: "toutes les deux minutes" }, "source.pollEvery"],
      [{ pollEvery: "PT5S" }, "source.pollEvery"],
      [{ template: "vbulletin" }, "source.template"],
      [{ dice: { name: "Duel", faces: {} } }, "source.dice.faces"],
      [{ account: { username: "Arbitre" } }, "source.account.password"],
      [{ baseUrl: "pas une adresse" }, "source.baseUrl"],
      [{ extra: true }, "source"],
    ];
    for (const [extra, path] of cases) {
      const res = await h.forum({ source: source(fake.url, extra) });
      expect(res.status, path).toBe(400);
      expect(res.body.error).toMatchObject({ code: "invalid_body" });
      expect((res.body.error as { details: { path: string }[] }).details.map((d) => d.path)).toContain(path);
    }
    expect((await h.admin("GET", "/forums/poudlard")).status).toBe(404);
  });

  it("CONTRACT 4.4 a base URL that answers no Forumactif page is refused at PUT time, in French", async () => {
    const { h, board: fake } = await setup();
    await fake.close();
    board = undefined;
    const down = await h.forum({ source: source(fake.url) });
    expect(down.status).toBe(400);
    expect(down.body.error).toMatchObject({ code: "forumactif_unreachable" });
    expect((down.body.error as { message: string }).message).toMatch(/^Forum Forumactif injoignable/);

    const other = await FakeBoard.start();
    board = other;
    other.failNext(404);
    const missing = await h.forum({ source: source(other.url) });
    expect(missing.body.error).toMatchObject({ code: "forumactif_unreachable" });
    expect((await h.admin("GET", "/forums/poudlard")).status).toBe(404);
  });

  it("CONTRACT 4.4 the deployed policy reads public https hosts only", async () => {
    const { h } = await setup();
    // The harness is the local stack (loopback allowed); an http address elsewhere is refused all the same.
    const res = await h.forum({ source: source("http://poudlard.forumactif.com") });
    expect(res.status).toBe(400);
    expect((res.body.error as { details: { path: string }[] }).details[0]?.path).toBe("source.baseUrl");
  });

  it("CONTRACT 4.4 a ping brings a watched topic's read forward, once, and carries no authority", async () => {
    const { h, board: fake } = await setup();
    await h.forum({ source: source(fake.url) });
    fake.createTopic({ title: "Duel", topicId: "1234" });
    fake.addPost("1234", { authorId: "99", authorName: "Rubeus Hagrid", html: "Ouverture" });
    expect((await h.admin("POST", "/duels", DUEL_BODY)).status).toBe(201);
    await h.settle();
    const before = fake.topicRequests("1234").length;
    const ping = (topicId: unknown, type = "text/plain", from = "192.0.2.1") =>
      h.app.request("/webhooks/poudlard/forumactif/ping", {
        method: "POST",
        headers: { "content-type": type, "x-forwarded-for": from },
        body: JSON.stringify({ topicId }),
      });
    const first = await ping("1234");
    expect(first.status).toBe(202);
    expect((await ping("1234")).status).toBe(429);
    expect((await ping("../1")).status).toBe(400);
    // A topic that is not watched answers exactly as a watched one: a stranger learns nothing.
    const unwatched = await ping("9999");
    expect({ status: unwatched.status, body: await unwatched.json() }).toEqual({
      status: first.status,
      body: { result: "accepted" },
    });
    expect(await first.json()).toEqual({ result: "accepted" });
    expect((await ping("9999")).status).toBe(429);
    // Every ping costs its caller: made-up topics soon wait, unread; another caller is not held back.
    let refused = 0;
    for (let topic = 10_000; topic < 10_040; topic++) {
      if ((await ping(String(topic), "text/plain", "203.0.113.5")).status === 429) refused++;
    }
    expect(refused).toBeGreaterThan(0);
    expect((await ping("10000", "text/plain", "203.0.113.5")).status).toBe(429);
    expect((await ping("5555", "text/plain", "198.51.100.1")).status).toBe(202);
    await h.settle();
    expect(fake.topicRequests("1234").length).toBe(before + 1);
    // The read brought forward schedules no chain of its own: the chain's next read is still the only one.
    const timers = await h.store.countTimers();
    expect(timers).toBe(1);
  });

  it("CONTRACT 4.4 POST /forums/{forumId}/poll is the admin's, and reads every watched topic", async () => {
    const { h, board: fake } = await setup();
    await h.forum({ source: source(fake.url) });
    fake.createTopic({ title: "Duel", topicId: "1234" });
    fake.addPost("1234", { authorId: "99", authorName: "Rubeus Hagrid", html: "Ouverture" });
    await h.admin("POST", "/duels", DUEL_BODY);
    const anonymous = await h.app.request("/forums/poudlard/poll", { method: "POST" });
    expect(anonymous.status).toBe(401);
    const referee = await h.admin("POST", "/forums/poudlard/credentials", {
      role: "referee",
      name: "Minerva",
    });
    const asReferee = await h.app.request("/forums/poudlard/poll", {
      method: "POST",
      headers: { authorization: `Bearer ${String(referee.body.token)}` },
    });
    expect(asReferee.status).toBe(403);
    expect(((await asReferee.json()) as { error: { code: string } }).error.code).toBe("forbidden_role");
    expect(fake.topicRequests("1234")).toHaveLength(0);
    fake.addPost("1234", { authorId: "43", authorName: "Bob Martin", html: "Bonjour Alice" });
    const polled = await h.admin("POST", "/forums/poudlard/poll");
    expect(polled.body).toEqual({ polled: 1, failed: 0, posts: { created: 2, edited: 0, deleted: 0 } });
    const again = await h.admin("POST", "/forums/poudlard/poll");
    expect(again.body).toEqual({ polled: 1, failed: 0, posts: { created: 0, edited: 0, deleted: 0 } });
  });

  it("CONTRACT 4.4 a Forumactif forum's thread ids are topic numbers at every way of registering; a topic that cannot be read never fails the forum's poll", async () => {
    const { h, board: fake } = await setup();
    // Registered before the forum read a board: its thread id is no topic number.
    expect((await h.forum()).status).toBe(201);
    expect((await h.admin("POST", "/duels", { ...DUEL_BODY, threadId: "duel-de-noel" })).status).toBe(201);
    expect((await h.forum({ source: source(fake.url) })).status).toBe(200);
    const refused = await h.admin("POST", "/duels", { ...DUEL_BODY, threadId: "abc" });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ error: { code: "invalid_thread_id" } });
    expect(JSON.stringify(refused.body)).toContain("numéro du sujet");
    fake.createTopic({ title: "Duel", topicId: "1234" });
    fake.addPost("1234", { authorId: "99", authorName: "Rubeus Hagrid", html: "Ouverture" });
    expect((await h.admin("POST", "/duels", DUEL_BODY)).status).toBe(201);
    const polled = await h.admin("POST", "/forums/poudlard/poll");
    expect(polled.status).toBe(200);
    expect(polled.body).toMatchObject({ polled: 1, failed: 1, posts: { created: 1 } });
  });

  it("the snippet for Forumactif's JavaScript management pings this forum's route", async () => {
    const { h } = await setup();
    const res = await h.app.request("http://referee.example/forumactif/ping.js?forum=poudlard");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/javascript/);
    const text = await res.text();
    expect(text).toContain('"http://referee.example/webhooks/poudlard/forumactif/ping"');
    expect((await h.app.request("/forumactif/ping.js?forum=../x")).status).toBe(400);
    // Without a configured address, the request's own, and nothing kept by a shared cache.
    expect(res.headers.get("cache-control")).toBe("no-store");
  });

  it("the snippet points at the deployment's configured address, whatever the request's Host says", async () => {
    const h = await memoryHarness({ deskUrl: "https://arbitre.example/" });
    const res = await h.app.request("http://attacker.example/forumactif/ping.js?forum=poudlard", {
      headers: { host: "attacker.example" },
    });
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).toContain('"https://arbitre.example/webhooks/poudlard/forumactif/ping"');
    expect(text).not.toContain("attacker.example");
    expect(res.headers.get("cache-control")).toBe("public, max-age=3600");
  });

  it("CONTRACT 3 a forumactif channel without an account needs the source's: 400 naming the field when the forum has none", async () => {
    const { h, board: fake } = await setup();
    const { account: _omitted, ...withoutAccount } = source(fake.url);
    const refused = await h.forum({
      source: withoutAccount,
      notify: [{ type: "log" }, { type: "forumactif" }],
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({ code: "invalid_body" });
    expect((refused.body.error as { details: { path: string }[] }).details.map((d) => d.path)).toEqual([
      "notify.1.username",
    ]);
    expect((await h.admin("GET", "/forums/poudlard")).status).toBe(404);
    const noSource = await h.forum({ notify: [{ type: "forumactif" }] });
    expect(noSource.status).toBe(400);
    const partial = await h.forum({
      source: source(fake.url),
      notify: [{ type: "forumactif", username: "x" }],
    });
    expect((partial.body.error as { details: { path: string }[] }).details.map((d) => d.path)).toEqual(
      expect.arrayContaining(["notify.0.baseUrl", "notify.0.password"]),
    );
    const saved = await h.forum({ source: source(fake.url), notify: [{ type: "forumactif" }] });
    expect(saved.status).toBe(201);
    expect((await h.admin("GET", "/forums/poudlard")).body.notify).toEqual([
      { type: "forumactif", serves: ["referees", "duelists"] },
    ]);
  });

  it("CONTRACT 3 the relay sends a forumactif channel without an account with the source's: the referee gets the board's private message", async () => {
    const h = await memoryHarness({
      forumactif: { reader: topicReader },
      notifier: createNotifier({ http: { destinations: { allowLoopback: true } } }),
    });
    const fake = await FakeBoard.start({ now: () => h.clock.now().toISOString() });
    board = fake;
    fake.messaging.addMember("Arbitre automatique", "mot-de-passe-secret");
    fake.messaging.addMember("Minerva McGonagall", "minerva");
    const put = await h.forum({
      source: source(fake.url),
      referees: [{ id: "7", name: "Minerva McGonagall", username: "Minerva McGonagall" }],
      notify: [{ type: "forumactif" }],
    });
    expect(put.status).toBe(201);
    fake.createTopic({ title: "Duel", topicId: "1234" });
    fake.addPost("1234", { authorId: "99", authorName: "Rubeus Hagrid", html: "Ouverture" });
    expect((await h.admin("POST", "/duels", DUEL_BODY)).status).toBe(201);
    await h.settle();
    // Three reads fail in a row: the referee is told, by the board's private message…
    fake.failNext(404, 3);
    for (let i = 0; i < 4; i++) await h.admin("POST", "/_local/clock", { advance: "PT20M" });
    // …and again when it reads again.
    expect(fake.messaging.sent.map((m) => [m.from, m.to])).toEqual([
      ["Arbitre automatique", ["Minerva McGonagall"]],
      ["Arbitre automatique", ["Minerva McGonagall"]],
    ]);
  });
});
