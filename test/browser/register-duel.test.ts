import { mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../support/harness.js";
import { ADMIN_TOKEN } from "../support/requests.js";
import { openDesk, signIn } from "./desk-browser.js";

const ARTIFACTS = fileURLToPath(new URL("../../test-artifacts/", import.meta.url));

describe("a referee registers a duel on the desk, in a real browser (CONTRACT 6)", () => {
  let h: Harness;
  let browser: Browser;
  let stop: () => Promise<void>;
  let base: string;
  let page: Page;
  const consoleErrors: string[] = [];

  beforeAll(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    h = await createHarness();
    await h.forum();
    ({ base, browser, stop } = await openDesk(h.app));
    page = await browser.newPage({ viewport: { width: 1100, height: 900 } });
    page.on("console", (m) => {
      if (m.type() === "error") consoleErrors.push(m.text());
    });
  }, 120_000);

  afterAll(async () => {
    await stop?.();
  });

  it("CONTRACT 6 fills the French form, sees an error next to its field, fixes it and opens the duel", async () => {
    await signIn(page, base, ADMIN_TOKEN);
    await page.getByRole("link", { name: "Inscrire un duel" }).click();
    await page.waitForURL(`${base}/admin/duels/new`);

    const field = (name: string) => page.locator(`[name="${name}"]`);
    await field("forumId").fill("poudlard");
    await field("threadId").fill("1234");
    await field("refereeId").fill("7");
    await field("duelists.0.id").fill("42");
    await field("duelists.0.name").fill("Alice Dubois");
    await field("duelists.0.year").selectOption("3");
    await field("duelists.0.particularities").fill("Legilimens 2");
    await field("duelists.1.id").fill("43");
    await field("duelists.1.name").fill("Bob Martin");
    await field("duelists.1.year").selectOption("adulte");
    await field("dice").selectOption("forum");
    await field("replyWindow").fill("bientôt");
    await field("stakes").fill("Le perdant range la salle des trophées");
    await page.getByRole("button", { name: "Inscrire le duel" }).click();

    const error = page.locator('[data-error-for="replyWindow"]');
    await expect.poll(() => error.textContent()).toContain("durée illisible");
    // The error is the field's description, and what was typed is still there.
    expect(await field("replyWindow").getAttribute("aria-describedby")).toBe("err-replyWindow");
    expect(await field("duelists.0.name").inputValue()).toBe("Alice Dubois");
    await page.screenshot({ path: `${ARTIFACTS}admin-register-error.png`, fullPage: true });

    await field("replyWindow").fill("3 jours");
    await page.getByRole("button", { name: "Inscrire le duel" }).click();
    await page.waitForURL(/\/admin\/duels\/poudlard\.1234\?fait=registered/);
    expect(await page.locator(".flash.ok").textContent()).toBe("Duel inscrit.");
    expect(await page.locator('tr[data-duelist="42"]').textContent()).toContain("Alice Dubois");
    const duel = await h.admin("GET", "/duels/poudlard.1234");
    expect(duel.body).toMatchObject({
      status: "registered",
      stakes: "Le perdant range la salle des trophées",
    });
    await page.screenshot({ path: `${ARTIFACTS}admin-registered.png`, fullPage: true });
  }, 90_000);

  it("ran without a CSP violation or a console error", () => {
    // The refused form is answered 400, which Chromium reports as a failed resource: that one only.
    const others = consoleErrors.filter((e) => !/status of 400/.test(e));
    expect(consoleErrors.length - others.length).toBe(1);
    expect(others).toEqual([]);
  });
});
