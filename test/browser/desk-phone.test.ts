import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activeDuel } from "../support/duels.js";
import { createHarness, type Harness } from "../support/harness.js";
import { ADMIN_TOKEN } from "../support/requests.js";
import { docsScreenshot } from "../support/screenshots.js";
import { openDesk, signIn } from "./desk-browser.js";

/** Every desk page a referee, a forum admin or the operator opens. */
const PAGES = {
  dashboard: "/admin",
  duel: "/admin/duels/poudlard.1234",
  register: "/admin/duels/new",
  forums: "/admin/forums",
  forum: "/admin/forums/poudlard",
  credentials: "/admin/forums/poudlard/credentials",
  docs: "/docs",
} as const;

/** The pages the guides show at phone width (viewport only, to stay small). */
const SHOTS: readonly (keyof typeof PAGES)[] = ["dashboard", "duel", "forum"];

interface HeaderControl {
  readonly text: string;
  readonly inViewport: boolean;
  readonly inHeader: boolean;
  readonly contrast: number;
}

/**
 * Each link, name and button of the header: inside the viewport, inside the red bar (not spilled
 * onto the white page past it) and contrasted against the background actually behind it.
 */
function headerControls(page: Page): Promise<HeaderControl[]> {
  return page.evaluate<HeaderControl[]>(HEADER_CONTROLS);
}

/** Run in the page (the test's TypeScript has no DOM types: the page's code is a string). */
const HEADER_CONTROLS = `(() => {
  const rgb = (css) => (css.match(/[\\d.]+/g) ?? []).map(Number);
  const luminance = ([r = 0, g = 0, b = 0]) => {
    const lin = (v) => {
      const c = v / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
  };
  const background = (el) => {
    for (let at = el; at; at = at.parentElement) {
      const bg = rgb(getComputedStyle(at).backgroundColor);
      if (bg.length === 3 || (bg[3] ?? 0) > 0) return bg.slice(0, 3);
    }
    return [255, 255, 255];
  };
  const header = document.querySelector("header.top");
  if (!header) return [];
  const bar = header.getBoundingClientRect();
  return [...header.querySelectorAll("a, button, .who")].map((el) => {
    const box = el.getBoundingClientRect();
    const [light, dark] = [luminance(rgb(getComputedStyle(el).color)), luminance(background(el))].sort((a, b) => b - a);
    return {
      text: (el.textContent ?? "").trim(),
      inViewport: box.left >= 0 && box.right <= window.innerWidth && box.width > 0 && box.height > 0,
      inHeader: box.left >= bar.left && box.right <= bar.right && box.top >= bar.top && box.bottom <= bar.bottom,
      contrast: (light + 0.05) / (dark + 0.05),
    };
  });
})()`;

/** How wide the page is against the window: wider means the page scrolls sideways. */
const WIDTHS = "({ scrollWidth: document.scrollingElement.scrollWidth, innerWidth: window.innerWidth })";

describe("every desk page on a phone (390 px) and a desktop (1280 px)", () => {
  let h: Harness;
  let browser: Browser;
  let stop: () => Promise<void>;
  let base: string;
  let page: Page;

  beforeAll(async () => {
    h = await createHarness();
    await activeDuel(h);
    ({ base, browser, stop } = await openDesk(h.app));
    page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await signIn(page, base, ADMIN_TOKEN);
  }, 120_000);

  afterAll(async () => {
    await stop?.();
  });

  for (const width of [390, 1280]) {
    for (const [name, path] of Object.entries(PAGES)) {
      it(`${name} at ${width} px: no sideways scroll, the header's controls visible and contrasted`, async () => {
        await page.setViewportSize({ width, height: 844 });
        const res = await page.goto(`${base}${path}`);
        expect(res?.status()).toBe(200);
        const { scrollWidth, innerWidth } = await page.evaluate<{ scrollWidth: number; innerWidth: number }>(
          WIDTHS,
        );
        expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
        const controls = await headerControls(page);
        // The API's page is public: it names no one and has nothing to log out of.
        const expected = path.startsWith("/admin") ? ["API", "Se déconnecter"] : ["API"];
        expect(controls.map((c) => c.text)).toEqual(expect.arrayContaining(expected));
        for (const control of controls) {
          expect(control, control.text).toMatchObject({ inViewport: true, inHeader: true });
          expect(control.contrast, control.text).toBeGreaterThanOrEqual(4.5);
        }
        if (width === 390 && SHOTS.includes(name as keyof typeof PAGES))
          await page.screenshot({ path: docsScreenshot(`desk-phone-${name}.png`) });
      }, 60_000);
    }
  }

  it("« Règles » and a rule link open the French rules at 390 px, the rule in view, nothing sideways", async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${base}/admin`);
    await page.locator("header.top").getByRole("link", { name: "Règles" }).click();
    await page.waitForURL(`${base}/regles`);
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe(
      "Règles du club de duel",
    );
    await page.goto(`${base}/admin/duels/poudlard.1234`);
    await page.getByRole("link", { name: "R-1.4", exact: true }).first().click();
    await page.waitForURL(`${base}/regles/poudlard#R-1.4`);
    const rule = page.locator('[id="R-1.4"]');
    await expect(rule.locator("h3").textContent()).resolves.toBe("R-1.4 Le top");
    const box = await rule.boundingBox();
    expect(box?.y ?? -1).toBeGreaterThanOrEqual(0);
    expect(box?.y ?? 844).toBeLessThan(844 / 2);
    const { scrollWidth, innerWidth } = await page.evaluate<{ scrollWidth: number; innerWidth: number }>(
      WIDTHS,
    );
    expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
  }, 60_000);

  it("the duel page refreshes itself while read, and waits while a decision is being typed", async () => {
    const fresh = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await fresh.context().addCookies(await page.context().cookies());
    await fresh.clock.install();
    await fresh.goto(`${base}/admin/duels/poudlard.1234`);
    const alice = fresh.locator('tr[data-duelist="42"] .points');
    expect(await alice.textContent()).toBe("25/25 PD");
    const adjust = (delta: number) =>
      h.admin("POST", "/duels/poudlard.1234/commands", { command: "adjust-points", duelistId: "42", delta });
    await adjust(-2);
    await fresh.clock.runFor(31_000);
    await expect.poll(() => alice.textContent(), { timeout: 10_000 }).toBe("23/25 PD");

    const reason = fresh.locator('form[data-command="fault"] textarea[name="reason"]');
    await reason.fill("Le message est hors sujet");
    await adjust(-1);
    await fresh.clock.runFor(61_000);
    expect(await reason.inputValue()).toBe("Le message est hors sujet");
    expect(await alice.textContent()).toBe("23/25 PD");
    await fresh.close();
  }, 60_000);
});
