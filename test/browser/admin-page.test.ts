import { mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activeDuel, DUEL_BODY, duelistOf } from "../support/duels.js";
import { createHarness, type Harness } from "../support/harness.js";
import { ADMIN_TOKEN } from "../support/requests.js";
import { docsScreenshot } from "../support/screenshots.js";
import { openDesk } from "./desk-browser.js";

const HOSTILE = "<img src=x onerror=alert(1)>";
const ARTIFACTS = fileURLToPath(new URL("../../test-artifacts/", import.meta.url));

describe("the admin page in a real browser", () => {
  let h: Harness;
  let browser: Browser;
  let stop: () => Promise<void>;
  let base: string;
  let page: Page;
  const dialogs: string[] = [];
  const consoleErrors: string[] = [];

  beforeAll(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    h = await createHarness();
    await activeDuel(h); // Alice Dubois (25 PD) against Bob Martin, thread 1234
    const hostile = await h.admin("POST", "/duels", {
      ...DUEL_BODY,
      threadId: "66",
      duelists: [
        { id: "44", name: HOSTILE, year: 1 },
        { id: "45", name: "Cédric Diggory", year: 6 },
      ],
    });
    expect(hostile.status).toBe(201);
    await h.settle();
    ({ base, browser, stop } = await openDesk(h.app));
    page = await browser.newPage({ viewport: { width: 1100, height: 820 } });
    page.on("dialog", (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    page.on("console", (m) => {
      if (m.type() === "error") consoleErrors.push(m.text());
    });
  }, 120_000);

  afterAll(async () => {
    await stop?.();
  });

  it("logs in with the token and reads a duel's points", async () => {
    await page.goto(`${base}/admin`);
    expect(new URL(page.url()).pathname).toBe("/admin/login");
    await page.getByLabel("Jeton d'administration").fill(ADMIN_TOKEN);
    await page.getByRole("button", { name: "Se connecter" }).click();
    await page.waitForURL(`${base}/admin`);
    const alice = page.locator('section[data-duel="poudlard.1234"] tr[data-duelist="42"]');
    await expect.poll(() => alice.locator(".points").textContent()).toBe("25/25 PD");
    expect(await alice.locator("meter").getAttribute("value")).toBe("25");
    await page.screenshot({ path: `${ARTIFACTS}admin-dashboard.png`, fullPage: true });
  }, 60_000);

  it("shows a name holding HTML as text: no element, no script", async () => {
    await page.goto(`${base}/admin/duels/poudlard.66`);
    const name = page.locator('tr[data-duelist="44"] .duelist-name');
    expect(await name.textContent()).toBe(HOSTILE);
    expect(await page.locator("main img").count()).toBe(0);
    expect(dialogs).toEqual([]);
  }, 60_000);

  it("adjusts points through the form, with a reason, and shows the effect", async () => {
    await page.goto(`${base}/admin/duels/poudlard.1234`);
    const form = page.locator('form[data-command="adjust-points"]');
    await form.getByLabel("Duelliste").selectOption("42");
    await form.getByLabel("Variation de points").fill("-3");
    await form.getByLabel("Motif").fill("Incantation mal orthographiée");
    await form.getByRole("button", { name: "Ajuster" }).click();
    await page.waitForURL(/fait=adjust-points/);
    expect(await page.locator(".flash.ok").textContent()).toBe("Points ajustés.");
    expect(await page.locator('tr[data-duelist="42"] .points').textContent()).toBe("22/25 PD");
    expect((await duelistOf(h, "poudlard.1234", "42")).points).toBe(22);
    expect(await page.locator('tr[data-event="points.adjusted"]').textContent()).toContain(
      "Incantation mal orthographiée",
    );
    await page.screenshot({ path: `${ARTIFACTS}admin-duel.png`, fullPage: true });
    await page.screenshot({ path: docsScreenshot("admin.png") }); // the viewport only: small enough for the README
  }, 60_000);

  it("ran without a CSP violation or a console error", () => {
    expect(consoleErrors).toEqual([]);
    expect(dialogs).toEqual([]);
  });
});
