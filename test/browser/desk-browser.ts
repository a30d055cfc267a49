import { existsSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { type Browser, chromium } from "playwright-core";

/** Debian's Chromium, installed by .ci/run; playwright-core brings no browser of its own. */
const CHROMIUM = "/usr/bin/chromium";
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
  /** Closes the browser, then the server. */
  stop(): Promise<void>;
}

/** Serves `app` on a free loopback port and launches Chromium (the browser tests' one set-up). */
export async function openDesk(app: {
  fetch: (request: Request) => Response | Promise<Response>;
}): Promise<DeskBrowser> {
  if (!existsSync(CHROMIUM))
    throw new Error(`${CHROMIUM} is missing: apt-get install -y chromium (as .ci/run does)`);
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, () => resolve(s));
  });
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
  return {
    base,
    browser,
    async stop() {
      await browser.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
