import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_ABSENCE_UNTIL, DEMO_DUELISTS, DEMO_TURNS, RP } from "../../infra/local/demo-duel.js";
import { topicReader } from "../../shared/forumactif/topic-reader.js";
import { auditOf } from "../support/duels.js";
import { FakeBoard } from "../support/forumactif/fake-board.js";
import { type MemoryHarness, memoryHarness } from "../support/harness.js";
import { docsScreenshot } from "../support/screenshots.js";
import { type DeskBrowser, openDesk } from "./desk-browser.js";

const PHONE = { width: 390, height: 844 };

/**
 * The duel in the board (CONTRACT.md 9) at 390 px: the demo duel (infra/local/demo-duel.ts) on a
 * forum whose board is the fake Forumactif board. Its duelists prepare every turn with the turn's
 * page and post what it gives; the duel's card, framed in the board's topic, follows.
 */
describe("CONTRACT 9 the duel in the board, in a real browser at 390 px", () => {
  let h: MemoryHarness;
  let board: FakeBoard;
  let desk: DeskBrowser;
  let context: BrowserContext;
  let duelId: string;
  const errors: string[] = [];

  const open = async (): Promise<Page> => {
    const page = await context.newPage();
    // The referee's pages only: the fake board's name Forumactif's scripts, aborted.
    page.on("response", (r) => {
      if (r.url().startsWith(desk.base) && r.status() >= 400) errors.push(`${r.status()} ${r.url()}`);
    });
    page.on("pageerror", (e) => errors.push(String(e)));
    return page;
  };

  beforeAll(async () => {
    h = await memoryHarness({ start: "2026-12-01T10:00:00.000Z", forumactif: { reader: topicReader } });
    board = await FakeBoard.start({ now: () => h.clock.now().toISOString() });
    board.createTopic({ title: "Duel : Alice contre Bob", topicId: "1234" });
    board.addPost("1234", { authorId: "7", authorName: "Minerva McGonagall", html: "Le duel est ouvert." });
    board.messaging.addMember("Alice Dubois", "un-mot-de-passe-long");
    const forum = await h.forum({ source: { type: "forumactif", baseUrl: board.url } });
    expect(forum.status, JSON.stringify(forum.body)).toBe(201);
    const created = await h.admin("POST", "/duels", {
      forumId: "poudlard",
      threadId: "1234",
      referee: { id: "7", name: "Minerva McGonagall" },
      duelists: [
        { ...DEMO_DUELISTS.alice, year: 3 },
        { ...DEMO_DUELISTS.bob, year: 1 },
      ],
      dice: "forum",
      stakes: "Le perdant range la salle des trophées",
    });
    duelId = String(created.body.id);
    await h.admin("POST", `/duels/${duelId}/commands`, { command: "top" });
    desk = await openDesk(h.app);
    context = await desk.browser.newContext({ viewport: PHONE });
    context.setDefaultTimeout(8000);
    // The fake board's pages name Forumactif's own scripts: out of reach here, answered at once.
    await context.route("https://illiweb.com/**", (route) => route.abort());
  }, 120_000);

  afterAll(async () => {
    await desk?.stop();
    await board?.close();
  });

  it("tour.js on the board fills the reply editor of the duel's topic with the prepared turn", {
    timeout: 60_000,
  }, async () => {
    await context.request.post(`${board.url}/login`, {
      form: { username: "Alice Dubois", password: "un-mot-de-passe-long", login: "1" },
    });
    const page = await open();
    await page.goto(`${board.url}/post?t=1234&mode=reply`);
    // As the board's JavaScript management adds it to every page.
    await page.addScriptTag({ url: `${desk.base}/forumactif/tour.js?forum=poudlard` });
    await page.getByRole("button", { name: "Préparer mon tour de duel" }).click();
    const frame = page.frameLocator("iframe");
    await frame.locator("body.ready").waitFor();
    const fire = await frame.locator("#tour-spell option", { hasText: "Incendio" }).getAttribute("value");
    await frame.locator("#tour-spell").selectOption(fire ?? "");
    await frame.locator("#tour-zone").fill("torse");
    await frame.locator("#tour-bet").selectOption("4");
    await frame.locator("#tour-text").fill(RP("Alice"));
    await frame.locator("#tour-summary", { hasText: "Tout est en règle" }).waitFor();
    const prepared = await frame.locator("#tour-post").inputValue();
    await page.screenshot({ path: docsScreenshot("tour-forumactif-390.png") });
    await frame.getByRole("button", { name: "Remplir ma réponse sur le forum" }).click();
    await page.locator("iframe").waitFor({ state: "detached" });
    expect(await page.locator("#text_editor_textarea").inputValue()).toBe(prepared);
    expect(prepared).toContain(
      "[duel]\nSort : Sortilège de Feu\nCible : Bob Martin\nZone : torse\nPari : 4\n[/duel]",
    );
    await page.close();
  });

  it("each demo turn prepared on the page and posted as it gives it: no action fault, the duel ends; the framed card follows it", {
    timeout: 120_000,
  }, async () => {
    // The board's topic, its first post framing the card. The card reloads itself every 30 s; here
    // every second, so that the test waits seconds, not minutes.
    const topic = await open();
    await topic.route(`${desk.base}/club/**`, async (route) => {
      const response = await route.fetch();
      const body = (await response.text()).replace('content="30"', 'content="1"');
      await route.fulfill({ response, body });
    });
    await topic.goto(`${board.url}/t1234-duel`);
    // As an admin puts it in the topic's first post (docs/guide-forumactif.md).
    const src = `${desk.base}/club/poudlard/duels/${duelId}?embed`;
    await topic.evaluate(
      `(() => { const f = document.createElement("iframe"); f.id = "duel-card"; f.src = ${JSON.stringify(src)};` +
        ` f.style.cssText = "width:100%;height:520px;border:0"; document.body.prepend(f); })()`,
    );
    const card = topic.frameLocator("#duel-card");
    await card.locator(".turn", { hasText: "Tour 1 : à Alice Dubois de jouer" }).waitFor();
    await topic.screenshot({ path: docsScreenshot("duel-card-390.png") });

    const tour = await open();
    let number = 1;
    for (const turn of DEMO_TURNS) {
      await h.admin("POST", "/_local/clock", { set: turn.at });
      const author = DEMO_DUELISTS[turn.author];
      await tour.goto(`${desk.base}/club/poudlard/duels/${duelId}/tour?duelist=${author.id}`);
      await tour.locator("body.ready").waitFor();
      const { Sort: spell, Action: action, Cible: target, Zone: zone, Pari: bet } = turn.action;
      if (action) await tour.locator("#tour-spell").selectOption("wand");
      if (spell) {
        const value = await tour
          .locator("#tour-spell option", { hasText: spell })
          .first()
          .getAttribute("value");
        await tour.locator("#tour-spell").selectOption(value ?? "");
      }
      const targets = await tour.locator("#tour-target option").allTextContents();
      await tour
        .locator("#tour-target")
        .selectOption(target ? (targets.find((t) => t.includes(target)) ?? "") : "");
      await tour.locator("#tour-zone").fill(zone ?? "");
      await tour.locator("#tour-bet").selectOption(bet ?? "");
      if (turn.shortText) {
        // The demo's short post: the page says so before anything is posted.
        await tour.locator("#tour-text").fill(turn.shortText);
        await tour
          .locator('#tour-checks li.ko[data-check="words"]', { hasText: "moins de 100 mots" })
          .waitFor();
        if (turn.postId === "5003")
          await tour.screenshot({ path: docsScreenshot("tour-page-390.png"), fullPage: true });
      }
      await tour.locator("#tour-text").fill(RP(author.name.split(" ")[0] ?? author.name));
      await tour.locator("#tour-summary", { hasText: "Tout est en règle" }).waitFor();
      const content = await tour.locator("#tour-post").inputValue();
      const sent = await h.generic({
        type: "post.created",
        timestamp: turn.at,
        data: {
          threadId: "1234",
          postId: turn.postId,
          author,
          createdAt: turn.at,
          format: "bbcode",
          content,
          dice: turn.dice,
        },
      });
      expect(sent.status).toBe(200);
      number += 1;
      if (turn.postId === "5003") {
        await h.admin("POST", "/_local/clock", { set: DEMO_ABSENCE_UNTIL });
        number += 1;
      }
      const next = number;
      const shown = await card.locator(".turn, .result").first();
      await expect
        .poll(async () => shown.textContent(), { timeout: 10_000, interval: 250 })
        .toMatch(next <= 6 ? new RegExp(`Tour ${next} : |Victoire`) : /Victoire/);
    }
    await h.admin("POST", "/_local/clock", { advance: "PT1M" });
    const duel = await h.admin("GET", `/duels/${duelId}`);
    expect(duel.body).toMatchObject({ status: "finished", result: { winnerId: "42", reason: "points" } });
    const faults = (await auditOf(h, duelId)).filter((e) => e.type === "fault.action");
    expect(faults).toEqual([]);
    await card.locator(".result", { hasText: "Victoire de Alice Dubois aux points." }).waitFor();
    await card.locator(".result", { hasText: "Enjeux : Le perdant range la salle des trophées" }).waitFor();
    const overflow = (await tour.evaluate(
      "document.scrollingElement.scrollWidth - window.innerWidth",
    )) as number;
    expect(overflow).toBeLessThanOrEqual(0);
    expect(errors).toEqual([]);
  });
});
