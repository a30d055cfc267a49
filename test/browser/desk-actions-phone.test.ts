import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { topicReader } from "../../shared/forumactif/topic-reader.js";
import { DUEL_FACES } from "../support/forumactif/dice-markup.js";
import type { FakeBoard } from "../support/forumactif/fake-board.js";
import { type MemoryHarness, memoryHarness } from "../support/harness.js";
import { ADMIN_TOKEN } from "../support/requests.js";
import { docsScreenshot } from "../support/screenshots.js";
import { boardWithDuelTopic, openDesk, signIn } from "./desk-browser.js";

/** Where an element is against the window, read in the page (the test's TypeScript has no DOM types). */
interface Placed {
  readonly found: boolean;
  readonly top: number;
  readonly bottom: number;
  readonly innerHeight: number;
}

const placed = (page: Page, selector: string) =>
  page.evaluate<Placed>(`(() => {
    const el = document.querySelector(${JSON.stringify(selector)});
    const box = el ? el.getBoundingClientRect() : { top: -1, bottom: -1 };
    return { found: el !== null, top: box.top, bottom: box.bottom, innerHeight: window.innerHeight };
  })()`);

/** The element's top is on screen: the person sees the answer without scrolling. */
async function expectInView(page: Page, selector: string): Promise<void> {
  const at = await placed(page, selector);
  expect(at, selector).toMatchObject({ found: true });
  expect(at.top, selector).toBeGreaterThanOrEqual(0);
  expect(at.top, selector).toBeLessThan(at.innerHeight - 40);
}

/**
 * The forum admin on a phone: on the settings page, several screens long at 390 px, each
 * action answers where it was pressed, without a script; the topic preview fits the screen.
 */
describe("the forum's settings on a phone (390 px): each answer where the person pressed", () => {
  let h: MemoryHarness;
  let board: FakeBoard;
  let browser: Browser;
  let stop: () => Promise<void>;
  let base: string;
  let page: Page;
  const consoleErrors: string[] = [];

  beforeAll(async () => {
    h = await memoryHarness({ forumactif: { reader: topicReader } });
    board = await boardWithDuelTopic(() => h.clock.now().toISOString());
    const source = {
      type: "forumactif",
      baseUrl: board.url,
      dice: { name: "Duel", faces: DUEL_FACES },
      account: { username: "Arbitre automatique", password: "un-mot-de-passe-long" },
    };
    expect((await h.forum({ source })).status).toBe(201);
    ({ base, browser, stop } = await openDesk(h.app));
    page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    page.on("console", (m) => {
      if (m.type() === "error") consoleErrors.push(m.text());
    });
    await signIn(page, base, ADMIN_TOKEN);
  }, 120_000);

  afterAll(async () => {
    await stop?.();
    await board?.close();
  });

  it("« Tester la connexion » opens the page at its answer", async () => {
    await page.goto(`${base}/admin/forums/poudlard`);
    // The page is long on a phone: an answer at its top would be screens away from the button.
    const height = await page.evaluate<number>("document.scrollingElement.scrollHeight");
    expect(height).toBeGreaterThan(4 * 844);
    await page.getByRole("button", { name: "Tester la connexion" }).click();
    await page.waitForURL(/\/source\/test#source-test$/);
    await page.locator("[data-source-test-result]").waitFor();
    expect(await page.locator("[data-source-test-result]").textContent()).toContain(
      "Le compte robot « Arbitre automatique » se connecte.",
    );
    await expectInView(page, "[data-source-test-result]");
  }, 60_000);

  it("« Lire ce sujet » opens the page at the preview, which fits the phone: no name cut letter by letter", async () => {
    await page.getByLabel("Sujet à lire").fill(`${board.url}/t1234-duel-alice-contre-bob`);
    await page.getByRole("button", { name: "Lire ce sujet" }).click();
    await page.waitForURL(/\/source\/preview#source-preview$/);
    await page.locator("[data-preview]").waitFor();
    await expectInView(page, "[data-preview]");
    await page.screenshot({ path: docsScreenshot("forumactif-preview-390.png") });
    const fit = await page.evaluate<{
      page: number;
      window: number;
      table: number;
      tableBox: number;
      nameLines: number;
      name: string;
    }>(`(() => {
      const table = document.querySelector("[data-preview] table");
      const name = document.querySelector("[data-preview] [data-author]");
      return {
        page: document.scrollingElement.scrollWidth,
        window: window.innerWidth,
        table: table.scrollWidth,
        tableBox: table.clientWidth,
        nameLines: name.getClientRects().length,
        name: name.textContent,
      };
    })()`);
    expect(fit.name).toBe("Rubeus Hagrid");
    expect(fit.page).toBeLessThanOrEqual(fit.window);
    // No column cut: the table is as wide as what it holds, and each name stays on one line.
    expect(fit.table).toBeLessThanOrEqual(fit.tableBox);
    expect(fit.nameLines).toBe(1);
    const alice = (await page.locator("[data-preview] tbody tr").nth(1).textContent()) ?? "";
    expect(alice).toContain("Alice Dubois");
  }, 60_000);

  it("a saved section opens the page at that section, saying it was saved", async () => {
    await page.goto(`${base}/admin/forums/poudlard`);
    await page.getByRole("button", { name: "Enregistrer le règlement" }).click();
    await page.waitForURL(/\?fait=saved&partie=ruleset#ruleset$/);
    expect(await page.locator("[data-result-for=ruleset]").textContent()).toBe("Réglages enregistrés.");
    await expectInView(page, "[data-result-for=ruleset]");
  }, 60_000);

  it("a channel's test hibou answers in the channels' section", async () => {
    await page.goto(`${base}/admin/forums/poudlard`);
    await page.getByRole("button", { name: "Envoyer un hibou d'essai" }).click();
    await page.waitForURL(/\/channels\/0\/test#channels$/);
    await page.locator("[data-test-result]").waitFor();
    await expectInView(page, "[data-test-result]");
  }, 60_000);

  it("ran without a CSP violation or a console error", () => {
    expect(consoleErrors).toEqual([]);
  });
});
