import { existsSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { type Browser, chromium, type Page } from "playwright-core";
import { FakeBoard } from "../support/forumactif/fake-board.js";

/**
 * Debian's Chromium headless shell (package chromium-headless-shell, installed by .ci/run), else its
 * full Chromium; playwright-core brings no browser of its own. Both are the same Blink; the shell
 * has no browser window behind the page, and the browser files take half the CPU in it.
 */
const BROWSERS = ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium"];
const CHROMIUM = BROWSERS.find((path) => existsSync(path));
const ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--no-first-run",
  "--disable-background-networking",
];

/** The desk served on loopback, and a browser to open it. */
export interface DeskBrowser {
  readonly base: string;
  readonly browser: Browser;
  /** Closes the file's pages and their contexts, then the server. */
  stop(): Promise<void>;
}

/**
 * One Chromium per test worker. The slow tier's workers keep their modules from file to file, so
 * the browser the first browser file launches serves the next ones: a launch costs more CPU than
 * most of these files' tests. Each file opens its pages in contexts of their own (`newPage` and
 * `newContext` each make one), with their own cookies and storage, and closes them all when it
 * stops, so the next file finds a browser with nothing open. Playwright ends the browser with the
 * worker (on its exit or on the SIGTERM vitest stops it with).
 */
let launched: Promise<Browser> | undefined;

async function workerBrowser(): Promise<Browser> {
  launched ??= chromium.launch({ executablePath: CHROMIUM ?? "", args: ARGS }).catch((error: unknown) => {
    launched = undefined;
    throw error;
  });
  const browser = await launched;
  if (browser.isConnected()) return browser;
  // Crashed or closed since: the next file gets a new one.
  launched = undefined;
  return workerBrowser();
}

/** Serves `app` on a free loopback port and opens the worker's Chromium (the browser tests' one set-up). */
export async function openDesk(app: {
  fetch: (request: Request) => Response | Promise<Response>;
}): Promise<DeskBrowser> {
  if (!CHROMIUM)
    throw new Error(
      `${BROWSERS.join(" and ")} are missing: apt-get install -y chromium-headless-shell (as .ci/run does)`,
    );
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, () => resolve(s));
  });
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const browser = await workerBrowser();
  return {
    base,
    browser,
    async stop() {
      // Files of one worker run one after the other: every context open now is this file's.
      await Promise.all(browser.contexts().map((context) => context.close()));
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Signs in on the desk's login form (`/admin/login` unless `at` says where the form is) with `token`. */
export async function signIn(page: Page, base: string, token: string, at = "/admin/login"): Promise<void> {
  await page.goto(`${base}${at}`);
  await page.getByLabel("Jeton d'administration").fill(token);
  await page.getByRole("button", { name: "Se connecter" }).click();
  await page.waitForURL(`${base}/admin`);
}

/**
 * A fake Forumactif board with the bot's account and topic 1234: the referee's opening post, then
 * Alice's first turn (the desk's source tests read and preview it).
 */
export async function boardWithDuelTopic(now: () => string): Promise<FakeBoard> {
  const board = await FakeBoard.start({ now });
  board.messaging.addMember("Arbitre automatique", "un-mot-de-passe-long");
  board.createTopic({ title: "Duel : Alice contre Bob", topicId: "1234" });
  board.addPost("1234", {
    authorId: "99",
    authorName: "Rubeus Hagrid",
    html: "Le duel entre Alice et Bob est ouvert. Que le meilleur gagne !",
    createdAt: "2026-11-29T18:02:00.000Z",
  });
  board.addPost("1234", {
    authorId: "42",
    authorName: "Alice Dubois",
    html:
      "<p>Alice salue son adversaire, lève sa baguette et vise le torse sans attendre.</p>" +
      "<p>[duel]<br>Sort : Sortilège de Feu<br>Cible : Bob Martin<br>Zone : torse<br>Pari : 4<br>[/duel]</p>",
    createdAt: "2026-11-29T20:15:00.000Z",
  });
  return board;
}
