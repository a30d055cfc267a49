import type { Browser, BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { twoForums } from "../reliability/access-support.js";
import { createHarness, type Harness } from "../support/harness.js";
import { ADMIN_TOKEN } from "../support/requests.js";
import { openDesk, signIn } from "./desk-browser.js";

describe("CONTRACT 3.1 forum-scoped access in a real browser", () => {
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

  async function loggedIn(token: string): Promise<BrowserContext> {
    const context = await browser.newContext();
    const page = await context.newPage();
    await signIn(page, base, token, "/admin");
    return context;
  }

  it("CONTRACT 3.1 another forum's referee neither sees nor acts on a duel: 403 on the page and the API", async () => {
    const context = await loggedIn(people.bogrod.token);
    const page = context.pages()[0] ?? (await context.newPage());
    expect(await page.locator("header .who").textContent()).toBe("Bogrod · arbitre · gringotts");
    expect(await page.locator('section[data-duel="gringotts.77"]').count()).toBe(1);
    expect(await page.locator('section[data-duel="poudlard.1234"]').count()).toBe(0);

    const duelPage = await page.goto(`${base}/admin/duels/poudlard.1234`);
    expect(duelPage?.status()).toBe(403);
    expect(await page.locator("main").textContent()).toContain("Accès refusé");
    expect(await page.locator('form[data-command="top"]').count()).toBe(0);

    // The same browser session through the API, and the referee's token as a script would send it.
    const viaSession = await context.request.get(`${base}/duels/poudlard.1234`);
    expect(viaSession.status()).toBe(403);
    expect(((await viaSession.json()) as { error: { code: string } }).error.code).toBe("forbidden_forum");
    const command = await context.request.post(`${base}/duels/poudlard.1234/commands`, {
      headers: { authorization: `Bearer ${people.bogrod.token}` },
      data: { command: "top" },
    });
    expect(command.status()).toBe(403);
    expect((await h.store.loadDuel("poudlard.1234"))?.state.status).toBe("registered");

    // Their own forum's duel is theirs.
    const own = await page.goto(`${base}/admin/duels/gringotts.77`);
    expect(own?.status()).toBe(200);
    await context.close();
  }, 60_000);

  it("CONTRACT 3.1 logout ends the session: the pages and the API refuse the old cookie", async () => {
    const context = await loggedIn(people.minerva.token);
    const page = context.pages()[0] ?? (await context.newPage());
    const cookie = (await context.cookies()).find((c) => c.name === "duel_admin");
    expect(cookie?.httpOnly).toBe(true);
    expect((await context.request.get(`${base}/duels/poudlard.1234`)).status()).toBe(200);

    await page.getByRole("button", { name: "Se déconnecter" }).click();
    await page.waitForURL(`${base}/admin/login`);

    // Even with the old cookie put back, the session is gone on the server.
    if (cookie) await context.addCookies([cookie]);
    await page.goto(`${base}/admin/duels/poudlard.1234`);
    expect(new URL(page.url()).pathname).toBe("/admin/login");
    expect((await context.request.get(`${base}/duels/poudlard.1234`)).status()).toBe(401);
    await context.close();
  }, 60_000);
});
