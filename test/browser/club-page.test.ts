import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DUEL_BODY, registerAndTop } from "../support/duels.js";
import { createHarness, type Harness } from "../support/harness.js";
import { docsScreenshot } from "../support/screenshots.js";
import { type DeskBrowser, openDesk } from "./desk-browser.js";

describe("CONTRACT 8 the club's public page on a phone and a desktop", () => {
  let h: Harness;
  let desk: DeskBrowser;
  beforeAll(async () => {
    h = await createHarness();
    await h.forum();
    const won = await registerAndTop(h, { ...DUEL_BODY, threadId: "1001" });
    await h.admin("POST", `/duels/${won}/commands`, { command: "end", winnerId: "42" });
    await h.admin("POST", `/duels/${won}/commands`, { command: "stakes", honoured: true });
    const dq = await registerAndTop(h, {
      ...DUEL_BODY,
      threadId: "1002",
      duelists: [
        { id: "44", name: "Carolina Maria Weasley-Londubat de la Tour", year: 5 },
        { id: "45", name: "Dan Londubat", year: 5 },
      ],
    });
    for (let i = 0; i < 3; i++) {
      await h.admin("POST", `/duels/${dq}/commands`, { command: "fault", duelistId: "44", kind: "absence" });
    }
    await registerAndTop(h, { ...DUEL_BODY, threadId: "1003" });
    desk = await openDesk(h.app);
  }, 120_000);
  afterAll(async () => {
    await desk?.stop();
  });

  for (const width of [390, 1280]) {
    it(`at ${width} px: every section shows, nothing scrolls sideways, no script`, async () => {
      const page = await desk.browser.newPage({ viewport: { width, height: 800 } });
      const errors: string[] = [];
      page.on("console", (m) => {
        if (m.type() === "error") errors.push(m.text());
      });
      for (const path of ["/club/poudlard", "/club/poudlard/embed"]) {
        await page.goto(`${desk.base}${path}`);
        const overflow = (await page.evaluate(
          "document.scrollingElement.scrollWidth - window.innerWidth",
        )) as number;
        expect(overflow, path).toBeLessThanOrEqual(0);
        expect(await page.locator("script").count()).toBe(0);
        await expect(page.getByText("Alice Dubois").first().isVisible()).resolves.toBe(true);
      }
      await page.goto(`${desk.base}/club/poudlard`);
      for (const heading of ["Classement", "Duels en cours", "Duels terminés", "Bannis"]) {
        await expect(page.getByRole("heading", { name: heading }).isVisible()).resolves.toBe(true);
      }
      await expect(
        page.getByText("Carolina Maria Weasley-Londubat de la Tour").first().isVisible(),
      ).resolves.toBe(true);
      // One line per duelist, not a card of seven rows: the standings stay a table on a phone.
      const rows = page.locator("table.standings tbody tr");
      const alice = rows.filter({ hasText: "Alice Dubois" }).first();
      const box = await alice.boundingBox();
      expect(box?.height ?? 0).toBeLessThan(48);
      const display = await alice.evaluate(
        (row) =>
          (globalThis as unknown as { getComputedStyle(e: unknown): { display: string } }).getComputedStyle(
            row,
          ).display,
      );
      expect(display).toBe("table-row");
      if (width === 390) await page.screenshot({ path: docsScreenshot("club-page-390.png"), fullPage: true });
      await page.goto(`${desk.base}/club/poudlard/embed`);
      await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toContain("Poudlard RPG");
      expect(errors).toEqual([]);
      await page.close();
    });
  }
});
