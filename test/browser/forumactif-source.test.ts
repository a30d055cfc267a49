import { mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { topicReader } from "../../shared/forumactif/topic-reader.js";
import type { FakeBoard } from "../support/forumactif/fake-board.js";
import { createHarness, type Harness } from "../support/harness.js";
import { boardWithDuelTopic, openDesk, signIn } from "./desk-browser.js";

const ARTIFACTS = fileURLToPath(new URL("../../test-artifacts/", import.meta.url));

/** Connecting a Forumactif board from the desk, as docs/guide-forumactif.md walks through it: no curl anywhere. */
describe("a forum's admin connects a Forumactif board on the desk, in a real browser (CONTRACT 4.4)", () => {
  let h: Harness;
  let board: FakeBoard;
  let browser: Browser;
  let stop: () => Promise<void>;
  let base: string;
  let page: Page;
  let token: string;
  const consoleErrors: string[] = [];

  beforeAll(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    h = await createHarness({ forumactif: { reader: topicReader } });
    board = await boardWithDuelTopic(() => h.clock.now().toISOString());
    board.addPost("1234", {
      authorId: null,
      authorName: "Un invité curieux",
      html: "Bonne chance à tous les deux !",
      createdAt: "2026-11-30T08:40:00.000Z",
    });
    expect((await h.forum()).status).toBe(201);
    const issued = await h.admin("POST", "/forums/poudlard/credentials", {
      role: "forum-admin",
      name: "Albus Dumbledore",
    });
    token = String(issued.body.token);
    ({ base, browser, stop } = await openDesk(h.app));
    page = await browser.newPage({ viewport: { width: 1100, height: 900 } });
    page.on("console", (m) => {
      if (m.type() === "error") consoleErrors.push(m.text());
    });
  }, 120_000);

  afterAll(async () => {
    await stop?.();
    await board?.close();
  });

  it("CONTRACT 4.4 sets the source in French, tests the connection and previews a topic, then reads what was not found", async () => {
    await signIn(page, base, token);
    await page.getByRole("link", { name: "Réglages du forum" }).click();
    await page.waitForURL(`${base}/admin/forums/poudlard`);
    const section = page.locator("section#source");
    expect(await section.textContent()).toContain("Aucune source Forumactif");

    await section.getByLabel("Adresse du forum").fill(board.url);
    expect(await section.getByLabel("Fuseau horaire").inputValue()).toBe("Europe/Paris");
    await section.getByLabel("Nom d'utilisateur du compte robot").fill("Arbitre automatique");
    await section.getByLabel("Mot de passe du compte robot").fill("un-mot-de-passe-long");
    await section.getByLabel("Nom du dé").fill("Duel");
    await section
      .getByLabel("Images des faces")
      .fill([1, 2, 3, 4, 5, 6].map((n) => `de-duel-${n}.png = ${n}`).join("\n"));
    await section.screenshot({ path: `${ARTIFACTS}desk-source-form.png` });
    await section
      .locator("[data-source-form]")
      .getByRole("button", { name: "Enregistrer la source" })
      .click();
    await page.waitForURL(/\/admin\/forums\/poudlard\?fait=saved&partie=source#source$/);
    expect(await page.locator(".flash.ok").first().textContent()).toBeTruthy();
    expect(await section.textContent()).toContain(
      "Les sujets des duels de ce forum sont lus sur Forumactif.",
    );
    expect((await h.store.getForum("poudlard"))?.source).toMatchObject({
      baseUrl: board.url,
      account: { username: "Arbitre automatique" },
      dice: { name: "Duel" },
    });
    // The password never comes back to the page.
    expect(await page.content()).not.toContain("un-mot-de-passe-long");

    await section.getByRole("button", { name: "Tester la connexion" }).click();
    const tested = page.locator("[data-source-test-result]");
    await expect.poll(() => tested.textContent()).toContain("répond par une page Forumactif");
    expect(await tested.textContent()).toContain("Le compte robot « Arbitre automatique » se connecte.");
    expect(await tested.getAttribute("class")).toContain("ok");

    await section.getByLabel("Sujet à lire").fill(`${board.url}/t1234-duel-alice-contre-bob`);
    await section.getByRole("button", { name: "Lire ce sujet" }).click();
    const preview = page.locator("[data-preview]");
    await expect.poll(() => preview.textContent()).toContain("3 message(s)");
    const rows = preview.locator("tbody tr");
    expect(await rows.count()).toBe(3);
    const alice = (await rows.nth(1).textContent()) ?? "";
    expect(alice).toContain("Alice Dubois");
    expect(alice).toContain("dimanche 29 novembre 2026 à 21 h 15");
    expect(alice).toContain("bloc [duel] : Sortilège de Feu · cible : Bob Martin · zone : torse · pari : 4");
    expect(await rows.nth(2).textContent()).toContain("(invité)");
    expect(await preview.textContent()).toContain("Chaque message se lit");
    await preview.screenshot({ path: `${ARTIFACTS}desk-source-preview.png` });

    await section.getByLabel("Sujet à lire").fill("999");
    await section.getByRole("button", { name: "Lire ce sujet" }).click();
    const failed = page.locator("[data-preview-error]");
    await expect
      .poll(() => failed.textContent())
      .toContain("Le sujet 999 ne se lit pas : le forum dit que ce sujet n'existe pas");
    await failed.screenshot({ path: `${ARTIFACTS}desk-source-unreadable.png` });
    // Nothing was stored by the previews: no duel, no read state.
    expect((await h.admin("GET", "/duels/poudlard.1234")).status).toBe(404);
    expect(await h.polls.getPollState("poudlard.1234")).toBeNull();
  }, 90_000);

  it("ran without a CSP violation or a console error", () => {
    expect(consoleErrors).toEqual([]);
  });
});
