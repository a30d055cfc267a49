import { afterEach, describe, expect, it } from "vitest";
import { isThreadAddress, threadIdFromAddress } from "../../shared/app/thread-url.js";
import { pingSnippet } from "../../shared/forumactif/ping-snippet.js";
import { topicReader } from "../../shared/forumactif/topic-reader.js";
import { deskMessage } from "../../shared/http/admin/forum-form.js";
import { sourceFromForm } from "../../shared/http/admin/source-form.js";
import { validationTexts } from "../../shared/texts/validation.js";
import { DUEL_FACES } from "../support/forumactif/dice-markup.js";
import { FakeBoard } from "../support/forumactif/fake-board.js";
import { type MemoryHarness, memoryHarness } from "../support/harness.js";
import { browser, decoded } from "./support.js";

/** What a forum admin on a phone meets on the desk: what the settings and registration pages answer. */

let board: FakeBoard | undefined;
afterEach(async () => {
  await board?.close();
  board = undefined;
});

function errorFor(html: string, field: string): string | undefined {
  const m = new RegExp(`data-error-for="${field.replaceAll(".", "\\.")}">([^<]*)<`).exec(html);
  return m?.[1] === undefined ? undefined : decoded(m[1]);
}

/** A forum read on a fake Forumactif board, its topic 1234 open; the desk logged in as the operator. */
async function forumactifForum(options: { account?: boolean } = {}) {
  const h = await memoryHarness({ forumactif: { reader: topicReader } });
  board = await FakeBoard.start({ now: () => h.clock.now().toISOString() });
  board.messaging.addMember("Arbitre automatique", "mot-de-passe-secret");
  board.createTopic({ title: "Duel : Alice contre Bob", topicId: "1234" });
  const source = {
    type: "forumactif",
    baseUrl: board.url,
    dice: { name: "Duel", faces: DUEL_FACES },
    ...(options.account === false
      ? {}
      : { account: { username: "Arbitre automatique", password: "mot-de-passe-secret" } }),
  };
  expect((await h.forum({ source })).status).toBe(201);
  const b = browser(h);
  await b.login();
  return { h, b, url: board.url };
}

/** A desk session of the forum's admin (their own credential, CONTRACT.md 3.1). */
async function forumAdmin(h: MemoryHarness) {
  const issued = await h.admin("POST", "/forums/poudlard/credentials", {
    role: "forum-admin",
    name: "Albus",
  });
  const b = browser(h);
  await b.login(String(issued.body.token));
  return b;
}

/** The field names and JSON paths a person filling the desk's forms never sees. */
const INTERNALS = /notify\.|source\.account|webhookSecrets|baseUrl|username|password|apiKey|apiUsername/;

describe("the forum admin's desk, as met on a phone", () => {
  it("CONTRACT 3 every settings form posts to its part of the page, and a save comes back there with its answer", async () => {
    const h = await memoryHarness();
    await h.forum();
    const b = browser(h);
    await b.login();
    const { html, csrf } = await b.page("/admin/forums/poudlard");
    const actions = [...html.matchAll(/<form class="settings" method="post" action="([^"]+)"/g)].map(
      (m) => m[1],
    );
    expect(actions.length).toBeGreaterThan(8);
    for (const action of actions) expect(action).toMatch(/#[a-z-]+$/);
    expect(actions).toContain("/admin/forums/poudlard/ruleset#ruleset");
    expect(actions).toContain("/admin/forums/poudlard/source/test#source-test");
    expect(actions).toContain("/admin/forums/poudlard/source/preview#source-preview");

    const saved = await b.post("/admin/forums/poudlard/name", { name: "Poudlard", _csrf: csrf });
    expect(saved.status).toBe(303);
    expect(saved.headers.get("location")).toBe("/admin/forums/poudlard?fait=saved&partie=general#general");
    const back = decoded(await (await b.follow(saved)).text());
    // The answer sits in the part the page opens at, not above the table of contents.
    const general = /<div id="general">[\s\S]*?<\/div>/.exec(back)?.[0] ?? "";
    expect(general).toContain('data-result-for="general">Réglages enregistrés.');
    expect(back.indexOf("Réglages enregistrés.")).toBe(back.lastIndexOf("Réglages enregistrés."));

    const refused = decoded(
      await (
        await b.post("/admin/forums/poudlard/ruleset", { _csrf: csrf, "delays.reply": "bientôt" })
      ).text(),
    );
    const ruleset = /<section id="ruleset">[\s\S]*?<\/section>/.exec(refused)?.[0] ?? "";
    expect(ruleset).toContain('data-result-for="ruleset">Réglages non enregistrés');
  });

  it("CONTRACT 6 « Inscrire un duel » takes a topic's address as the preview does, and says when it is not this forum's", async () => {
    const { h, b, url } = await forumactifForum();
    const { csrf } = await b.page("/admin/duels/new?forum=poudlard");
    const fields = {
      _csrf: csrf,
      forumId: "poudlard",
      refereeId: "7",
      "duelists.0.id": "42",
      "duelists.0.name": "Alice Dubois",
      "duelists.0.year": "3",
      "duelists.1.id": "43",
      "duelists.1.name": "Bob Martin",
      "duelists.1.year": "4",
      dice: "forum",
    };
    const elsewhere = await b.post("/admin/duels/new", {
      ...fields,
      threadId: "https://autre.forumactif.com/t1234-duel",
    });
    expect(elsewhere.status).toBe(400);
    expect(errorFor(await elsewhere.text(), "threadId")).toContain(
      "cette adresse n'est pas celle d'un sujet de ce forum",
    );
    const registered = await b.post("/admin/duels/new", {
      ...fields,
      threadId: `${url}/t1234p25-duel-alice-contre-bob#1000`,
    });
    expect(registered.status).toBe(303);
    expect(registered.headers.get("location")).toBe("/admin/duels/poudlard.1234?fait=registered");
    expect((await h.admin("GET", "/duels/poudlard.1234")).status).toBe(200);
  });

  it("CONTRACT 6 a thread's address is read back into its id for each forum's software", async () => {
    const h = await memoryHarness();
    await h.forum();
    const forum = await h.store.getForum("poudlard");
    if (!forum) throw new Error("no forum");
    const discourse = {
      ...forum,
      bot: {
        type: "discourse" as const,
        baseUrl: "https://forum.example.org/club",
        apiKey: "k",
        apiUsername: "system",
      },
    };
    expect(threadIdFromAddress(discourse, "https://forum.example.org/club/t/le-duel/321/4")).toBe("321");
    expect(threadIdFromAddress(discourse, "https://ailleurs.example.org/t/le-duel/321")).toBeNull();
    // Without its slug, a topic's address still names the topic, not the post it points at.
    expect(threadIdFromAddress(discourse, "https://forum.example.org/club/t/321/4")).toBe("321");
    expect(threadIdFromAddress(discourse, "https://forum.example.org/club/t/321")).toBe("321");
    expect(threadIdFromAddress(discourse, "https://forum.example.org/club/t/duel-2026/321")).toBe("321");
    const xenforo = {
      ...forum,
      bot: { type: "xenforo" as const, baseUrl: "https://xf.example.org", apiKey: "k", userId: "1" },
    };
    expect(threadIdFromAddress(xenforo, "xf.example.org/threads/le-duel.77/page-2")).toBe("77");
    expect(isThreadAddress("1234")).toBe(false);
    expect(isThreadAddress("poudlard.forumactif.com/t1234-duel")).toBe(true);
  });

  it("CONTRACT 4.4 the source's address is taken without https://, as the board's address", async () => {
    const typed = sourceFromForm(null, { "source.baseUrl": "poudlard.forumactif.com" });
    expect(typed.ok && typed.source.baseUrl).toBe("https://poudlard.forumactif.com");
    const { b, url } = await forumactifForum();
    const { csrf } = await b.page("/admin/forums/poudlard");
    // The fake board is on plain http: the address is read as https, and what it answers is said.
    const res = await b.post("/admin/forums/poudlard/source", {
      _csrf: csrf,
      "source.baseUrl": url.replace("http://", ""),
      "source.account.username": "Arbitre automatique",
    });
    expect(res.status).toBe(400);
    const error = errorFor(await res.text(), "source.baseUrl");
    expect(error).not.toBe("adresse invalide");
    expect(error).toContain("aucune page du forum à cette adresse");
  });

  it("CONTRACT 3 a channel's refusal is in the form's words, never the API's paths", async () => {
    const { b } = await forumactifForum({ account: false });
    const { csrf } = await b.page("/admin/forums/poudlard");
    const partial = await b.post("/admin/forums/poudlard/channels", {
      _csrf: csrf,
      "channel.type": "forumactif",
      "channel.username": "Robot",
    });
    expect(partial.status).toBe(400);
    const partialHtml = await partial.text();
    for (const field of ["channel.baseUrl", "channel.password"]) {
      expect(errorFor(partialHtml, field)).toContain("remplissez les trois champs");
      expect(errorFor(partialHtml, field)).not.toMatch(INTERNALS);
    }
    const none = await b.post("/admin/forums/poudlard/channels", {
      _csrf: csrf,
      "channel.type": "forumactif",
    });
    expect(none.status).toBe(400);
    const noAccount = errorFor(await none.text(), "channel.username");
    expect(noAccount).toContain("aucun compte robot pour envoyer");
    expect(noAccount).not.toMatch(INTERNALS);
  });

  it("CONTRACT 3 every channel refusal the API words with JSON reads in the form's words on the desk", () => {
    for (const message of Object.values(validationTexts.channel)) {
      const shown = deskMessage(message);
      expect(shown, message).not.toMatch(/[[\]{}"]|\b(?:serves|referees|baseUrl|username|password)\b/);
    }
    expect(deskMessage(validationTexts.channel.refereeWithoutReferees)).toContain("« Destinataires »");
  });

  it("CONTRACT 4.4 the board's ping.js is offered with its code to paste, once a board is set", async () => {
    const h = await memoryHarness();
    await h.forum();
    const b = browser(h);
    await b.login();
    expect((await b.page("/admin/forums/poudlard")).html).not.toContain("data-ping-script");
    const { b: withSource } = await forumactifForum();
    const html = decoded((await withSource.page("/admin/forums/poudlard")).html);
    const script = /<div id="source-script"[^>]*>[\s\S]*?<\/div>/.exec(html)?.[0] ?? "";
    expect(script).toContain("placement « Sur les sujets »");
    expect(script).toContain(pingSnippet("http://localhost", "poudlard").trim());
    expect(script).toContain("http://localhost/forumactif/ping.js?forum=poudlard");
  });

  it("CONTRACT 4.4 « Lecture Forumactif » shows only where a Forumactif board is read", async () => {
    const h = await memoryHarness({ forumactif: { reader: topicReader } });
    await h.forum();
    const operator = browser(h);
    await operator.login();
    expect((await operator.page("/admin")).html).not.toContain('data-card="forumactif"');
    expect((await (await forumAdmin(h)).page("/admin")).html).not.toContain('data-card="forumactif"');

    const { h: read, b } = await forumactifForum();
    expect(decoded((await b.page("/admin")).html)).toContain("Lecture Forumactif");
    expect((await (await forumAdmin(read)).page("/admin")).html).toContain('data-card="forumactif"');
  });

  it("CONTRACT 4.4 the board's versions are offered by their names, not their folders", async () => {
    const h = await memoryHarness();
    await h.forum();
    const b = browser(h);
    await b.login();
    const { html } = await b.page("/admin/forums/poudlard");
    const select = /<select name="source\.template"[\s\S]*?<\/select>/.exec(html)?.[0] ?? "";
    const labels = [...select.matchAll(/<option[^>]*>([^<]*)</g)].map((m) => decoded(m[1] ?? ""));
    expect(labels).toEqual([
      "reconnue à la lecture (conseillé)",
      "phpBB2",
      "phpBB3",
      "PunBB",
      "Invision",
      "ModernBB",
      "AwesomeBB",
      "version mobile",
    ]);
  });
});
