import { GetItemCommand } from "@aws-sdk/client-dynamodb";
import { beforeEach, describe, expect, it } from "vitest";
import { hashToken } from "../../shared/http/auth.js";
import { call, deskAs, twoForums } from "../reliability/access-support.js";
import { createHarness, type Harness } from "../support/harness.js";
import { ADMIN_TOKEN, GENERIC_SECRET } from "../support/requests.js";
import { browser, CookieJar, csrfIn, decoded, ORIGIN } from "./support.js";

const PATH = "/admin/forums/poudlard/credentials";
const SETTINGS = "/admin/forums/poudlard";
const tokenIn = (html: string) => /<pre data-token="?[^>]*>([^<]+)</.exec(html)?.[1] ?? null;
const secretIn = (html: string) => /<pre data-secret="generic">([^<]+)</.exec(html)?.[1] ?? null;
const ALREADY_SHOWN = "Ce jeton a déjà été affiché, une seule fois, et ne le sera plus";

type Desk = Awaited<ReturnType<typeof deskAs>>;

/** Issues Pomona's referee token on the desk: the POST's answer, unfollowed. */
async function issuePomona(b: Desk): Promise<Response> {
  const { csrf } = await b.page(PATH);
  return b.post(PATH, { _csrf: csrf, name: "Pomona Chourave", role: "referee", refereeId: "7" });
}

describe("CONTRACT 3.1 desk pages: a token or secret is shown once, on a GET (POST/Redirect/GET)", () => {
  let h: Harness;
  let people: Awaited<ReturnType<typeof twoForums>>;
  const live = async () => (await h.store.accessStore().listCredentials("poudlard")).length;
  beforeEach(async () => {
    h = await createHarness();
    people = await twoForums(h, ADMIN_TOKEN);
  });

  it("CONTRACT 3.1 the POST answers 303 with neither the token in its body nor in its Location", async () => {
    const b = await deskAs(h, people.albus.token);
    const res = await issuePomona(b);
    expect(res.status).toBe(303);
    const location = res.headers.get("location") ?? "";
    expect(location).toMatch(/^\/admin\/forums\/poudlard\/credentials\?affichage=[A-Za-z0-9_-]{22}$/);
    const body = await res.text();
    // A HEAD (a link checker, a prefetch) does not use it up.
    const head = await h.app.request(location, { method: "HEAD", headers: { cookie: b.jar.header() } });
    expect(head.status).toBe(200);
    expect(head.headers.get("cache-control")).toBe("no-store");
    const shown = await b.follow(res);
    expect(shown.status).toBe(200);
    expect(shown.headers.get("cache-control")).toBe("no-store");
    const token = tokenIn(await shown.text());
    expect(token).toMatch(/^arb\./);
    if (token === null) throw new Error("no token shown");
    expect(body).not.toContain(token);
    expect(location).not.toContain(token);
    expect(location).not.toContain(token.split(".")[2] ?? token);
    expect((await call(h, token, "GET", "/duels/poudlard.1234")).status).toBe(200);
  });

  it("CONTRACT 3.1 a reload shows a French notice with the way to re-issue, and issues nothing", async () => {
    const b = await deskAs(h, people.albus.token);
    const before = await live();
    const res = await issuePomona(b);
    const location = res.headers.get("location") ?? "";
    const first = await b.get(location);
    const token = tokenIn(await first.text());
    expect(token).not.toBeNull();
    expect(await live()).toBe(before + 1);

    const reload = await b.get(location);
    expect(reload.status).toBe(200);
    expect(reload.headers.get("cache-control")).toBe("no-store");
    const html = await reload.text();
    expect(tokenIn(html)).toBeNull();
    expect(html).not.toContain(token ?? "none");
    expect(html).toContain("data-reveal-gone");
    expect(decoded(html)).toContain(ALREADY_SHOWN);
    expect(decoded(html)).toContain(`<a href="${PATH}#list">Révoquer et créer un nouveau jeton</a>`);
    expect(await live()).toBe(before + 1);
  });

  it("CONTRACT 3.1 two GETs at once of the page that shows a token: at most one shows it", async () => {
    const b = await deskAs(h, people.albus.token);
    const location = (await issuePomona(b)).headers.get("location") ?? "";
    const pages = await Promise.all([b.get(location), b.get(location), b.get(location)]);
    const tokens = (await Promise.all(pages.map((p) => p.text()))).map(tokenIn);
    expect(tokens.filter((t) => t !== null)).toHaveLength(1);
  });

  it("CONTRACT 3.1 another session, even the same person's, cannot read it; it stays for its own", async () => {
    const b = await deskAs(h, people.albus.token);
    const location = (await issuePomona(b)).headers.get("location") ?? "";
    const sameAdmin = await deskAs(h, people.albus.token);
    const operator = await deskAs(h, ADMIN_TOKEN);
    for (const other of [sameAdmin, operator]) {
      const page = await other.get(location);
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(tokenIn(html)).toBeNull();
      expect(html).toContain("data-reveal-gone");
    }
    // The page is the forum admin's: a referee is refused without touching it.
    expect((await (await deskAs(h, people.minerva.token)).get(location)).status).toBe(403);
    expect(tokenIn(await (await b.get(location)).text())).toMatch(/^arb\./);
  });

  it("CONTRACT 3.1 the session keeps it sealed: the table never holds the token readable", async () => {
    const b = await deskAs(h, people.albus.token);
    const location = (await issuePomona(b)).headers.get("location") ?? "";
    const sessionId = b.jar.cookies.get("duel_admin") ?? "";
    const read = () =>
      h.client.send(
        new GetItemCommand({
          TableName: h.tableName,
          Key: { pk: { S: `SESSION#${hashToken(sessionId)}` }, sk: { S: "SESSION" } },
          ConsistentRead: true,
        }),
      );
    const stored = JSON.stringify((await read()).Item);
    expect(stored).toContain("reveal_");
    const token = tokenIn(await (await b.get(location)).text()) ?? "none";
    expect(stored).not.toContain(token);
    expect(stored).not.toContain(token.split(".")[2] ?? token);
    // Shown, it is gone from the session.
    expect(JSON.stringify((await read()).Item)).not.toContain("reveal_");
  });

  it("CONTRACT 3.1 a token nobody came to see within five minutes is not shown any more", async () => {
    let wall = new Date("2026-11-30T10:00:00Z");
    h = await createHarness({ wallNow: () => wall });
    people = await twoForums(h, ADMIN_TOKEN);
    const b = await deskAs(h, people.albus.token);
    const location = (await issuePomona(b)).headers.get("location") ?? "";
    wall = new Date(wall.getTime() + 5 * 60_000 + 1000);
    const html = await (await b.get(location)).text();
    expect(tokenIn(html)).toBeNull();
    expect(decoded(html)).toContain(ALREADY_SHOWN);
  });

  it("CONTRACT 3.1 logging out drops what was not shown yet", async () => {
    const b = await deskAs(h, people.albus.token);
    const location = (await issuePomona(b)).headers.get("location") ?? "";
    const { csrf } = await b.page(PATH);
    await b.post("/admin/logout", { _csrf: csrf });
    await b.login(people.albus.token);
    expect(tokenIn(await (await b.get(location)).text())).toBeNull();
  });

  it("CONTRACT 3.1 a Bearer token on the desk's form is refused in French before anything is issued", async () => {
    const jar = new CookieJar();
    const headers = () => ({ cookie: jar.header(), authorization: `Bearer ${people.albus.token}` });
    const page = await h.app.request(PATH, { headers: headers() });
    jar.take(page);
    const before = await live();
    const res = await h.app.request(PATH, {
      method: "POST",
      headers: { ...headers(), origin: ORIGIN, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        _csrf: csrfIn(await page.text()),
        name: "Pomona Chourave",
        role: "referee",
      }).toString(),
    });
    expect(res.status).toBe(400);
    expect(decoded(await res.text())).toContain("ne s'affiche qu'à une session du bureau");
    expect(await live()).toBe(before);
  });

  it("CONTRACT 3 a new webhook secret: 303 to the settings, shown once there; a reload generates nothing", async () => {
    const b = browser(h);
    await b.login();
    const { csrf } = await b.page(SETTINGS);
    const res = await b.post(`${SETTINGS}/secrets/generic`, { _csrf: csrf });
    expect(res.status).toBe(303);
    const location = res.headers.get("location") ?? "";
    expect(location).toMatch(/^\/admin\/forums\/poudlard\?affichage=[A-Za-z0-9_-]{22}#secrets$/);
    expect(await res.text()).not.toContain("whsec_");
    const shown = await b.follow(res);
    expect(shown.headers.get("cache-control")).toBe("no-store");
    const secret = secretIn(await shown.text());
    expect(secret).toMatch(/^whsec_/);
    expect(secret).not.toBe(GENERIC_SECRET);
    expect((await h.store.getForum("poudlard"))?.webhookSecrets.generic).toBe(secret);

    const reload = await b.follow(res);
    const html = await reload.text();
    expect(secretIn(html)).toBeNull();
    expect(decoded(html)).toContain("Ce secret a déjà été affiché, une seule fois, et ne le sera plus");
    expect(html).toContain('<a href="#secrets">Générer un nouveau secret</a>');
    expect((await h.store.getForum("poudlard"))?.webhookSecrets.generic).toBe(secret);
    // The settings' reveal is not the credentials page's: that page does not take it.
    const again = await b.post(`${SETTINGS}/secrets/generic`, { _csrf: csrf });
    const query = (again.headers.get("location") ?? "").split("?")[1]?.split("#")[0] ?? "";
    expect(tokenIn(await (await b.get(`${PATH}?${query}`)).text())).toBeNull();
    expect(secretIn(await (await b.follow(again)).text())).toMatch(/^whsec_/);
  });
});
