import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { twoForums } from "../reliability/access-support.js";
import { postPayload } from "../support/duels.js";
import { createHarness, type Harness } from "../support/harness.js";
import { ADMIN_TOKEN, GENERIC_SECRET } from "../support/requests.js";
import { openDesk, signIn } from "./desk-browser.js";

describe("CONTRACT 3.1 a forum's admin on the desk, in a real browser", () => {
  let h: Harness;
  let browser: Browser;
  let stop: () => Promise<void>;
  let base: string;
  let people: Awaited<ReturnType<typeof twoForums>>;

  beforeAll(async () => {
    h = await createHarness();
    people = await twoForums(h, ADMIN_TOKEN);
    ({ base, browser, stop } = await openDesk(h.app));
  }, 120_000);

  afterAll(async () => {
    await stop?.();
  });

  async function loggedIn(token: string): Promise<{ context: BrowserContext; page: Page }> {
    const context = await browser.newContext();
    const page = await context.newPage();
    await signIn(page, base, token, "/admin");
    return { context, page };
  }

  const delivery = (postId: string) =>
    JSON.stringify(
      postPayload({
        postId,
        author: { id: "42", name: "Alice" },
        createdAt: "2026-11-30T09:00:00Z",
        content: "x",
      }),
    );

  it("CONTRACT 3.1 the forum admin rotates the webhook secret on the desk: the old one gets 401, the new one 200", async () => {
    const { context, page } = await loggedIn(people.albus.token);
    expect(await page.locator("header .who").textContent()).toBe(
      "Albus Dumbledore · administrateur du forum · poudlard",
    );
    await page.getByRole("link", { name: "Réglages du forum" }).click();
    await page.waitForURL(`${base}/admin/forums/poudlard`);
    const answer = page.waitForResponse((r) => r.url().endsWith("/admin/forums/poudlard/secrets/generic"));
    const shown = page.waitForResponse((r) => r.url().includes("/admin/forums/poudlard?affichage="));
    await page.locator('form[action="/admin/forums/poudlard/secrets/generic#secrets"] button').click();
    // POST/Redirect/GET: the POST answers 303, the page it leads to shows the secret, uncached.
    expect((await answer).status()).toBe(303);
    expect((await shown).headers()["cache-control"]).toBe("no-store");
    await page.waitForURL(/\/admin\/forums\/poudlard\?affichage=[A-Za-z0-9_-]{22}#secrets$/);
    const secret = (await page.locator('pre[data-secret="generic"]').textContent()) ?? "";
    expect(secret).toMatch(/^whsec_/);
    expect(secret).not.toBe(GENERIC_SECRET);
    expect(page.url()).not.toContain(secret.slice(6, 20));
    // A reload shows it no more and generates nothing: the forum keeps the secret just shown.
    await page.reload();
    expect(await page.locator("pre[data-secret]").count()).toBe(0);
    expect(await page.locator("[data-reveal-gone]").textContent()).toContain("Ce secret a déjà été affiché");
    expect((await h.store.getForum("poudlard"))?.webhookSecrets.generic).toBe(secret);

    expect((await h.genericRaw(delivery("1"))).status).toBe(401);
    expect((await h.genericRaw(delivery("1"), { secret })).status).toBe(200);
    // Shown once: the settings page, opened again, does not hold it.
    await page.goto(`${base}/admin/forums/poudlard`);
    expect(await page.content()).not.toContain(secret);
    await context.close();
  }, 60_000);

  it("CONTRACT 3.1 a referee token issued on the desk opens that forum only; revoking it ends the session at once", async () => {
    const admin = await loggedIn(people.albus.token);
    await admin.page.goto(`${base}/admin/forums/poudlard`);
    await admin.page.getByRole("link", { name: "Personnes et jetons" }).click();
    await admin.page.waitForURL(`${base}/admin/forums/poudlard/credentials`);
    await admin.page.getByLabel("Nom", { exact: true }).fill("Pomona Chourave");
    await admin.page.getByLabel("Arbitre déclaré (facultatif)").selectOption("7");
    const issued = admin.page.waitForResponse(
      (r) => r.url().endsWith("/admin/forums/poudlard/credentials") && r.request().method() === "POST",
    );
    const shown = admin.page.waitForResponse((r) => r.url().includes("/credentials?affichage="));
    await admin.page.getByRole("button", { name: "Créer un jeton" }).click();
    // POST/Redirect/GET: the POST answers 303, the page it leads to shows the token, uncached.
    expect((await issued).status()).toBe(303);
    expect((await shown).headers()["cache-control"]).toBe("no-store");
    await admin.page.waitForURL(/\/admin\/forums\/poudlard\/credentials\?affichage=[A-Za-z0-9_-]{22}$/);
    const token = (await admin.page.locator("pre[data-token]").textContent()) ?? "";
    expect(token.length).toBeGreaterThan(20);
    expect(admin.page.url()).not.toContain(token);

    // Reloading the page shows it no more and issues no other token.
    const live = async () => (await h.store.accessStore().listCredentials("poudlard")).length;
    const count = await live();
    await admin.page.reload();
    expect(await admin.page.locator("pre[data-token]").count()).toBe(0);
    expect(await admin.page.locator("[data-reveal-gone]").textContent()).toContain(
      "Ce jeton a déjà été affiché",
    );
    expect(await admin.page.content()).not.toContain(token);
    expect(await live()).toBe(count);
    expect(await admin.page.locator("tr", { hasText: "Pomona Chourave" }).count()).toBe(1);

    // The referee logs in with it and sees their forum only.
    const referee = await loggedIn(token);
    expect(await referee.page.locator("header .who").textContent()).toBe(
      "Pomona Chourave · arbitre · poudlard",
    );
    expect(await referee.page.locator(".whoami").getAttribute("data-forum")).toBe("poudlard");
    expect(await referee.page.locator('section[data-duel="poudlard.1234"]').count()).toBe(1);
    expect(await referee.page.locator('section[data-duel="gringotts.77"]').count()).toBe(0);
    expect((await referee.page.goto(`${base}/admin/duels/gringotts.77`))?.status()).toBe(403);
    expect((await referee.page.goto(`${base}/admin/forums/poudlard`))?.status()).toBe(403);
    expect((await referee.context.request.get(`${base}/duels/poudlard.1234`)).status()).toBe(200);

    // The admin revokes it: the referee's very next request is refused.
    await admin.page.goto(`${base}/admin/forums/poudlard/credentials`);
    const row = admin.page.locator("tr", { hasText: "Pomona Chourave" });
    await row.getByRole("button", { name: "Révoquer" }).click();
    await admin.page.waitForURL(`${base}/admin/forums/poudlard/credentials?fait=revoked`);
    expect(await admin.page.locator("tr", { hasText: "Pomona Chourave" }).count()).toBe(0);

    await referee.page.goto(`${base}/admin`);
    expect(new URL(referee.page.url()).pathname).toBe("/admin/login");
    expect((await referee.context.request.get(`${base}/duels/poudlard.1234`)).status()).toBe(401);
    await referee.context.close();
    await admin.context.close();
  }, 90_000);
});
