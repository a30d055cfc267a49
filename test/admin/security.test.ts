import { describe, expect, it } from "vitest";
import { activeDuel } from "../support/duels.js";
import { memoryHarness } from "../support/harness.js";
import { browser, decoded } from "./support.js";

const CSP =
  "default-src 'none'; style-src 'self'; script-src 'self'; img-src 'self' data:; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

describe("admin page security", () => {
  it("serves every page with the strict CSP, nosniff and no referrer", async () => {
    const h = await memoryHarness();
    const b = browser(h);
    await b.login();
    for (const path of ["/admin/login", "/admin", "/admin/rules", "/docs"]) {
      const res = await b.get(path);
      expect(res.headers.get("content-security-policy"), path).toBe(CSP);
      expect(res.headers.get("x-content-type-options"), path).toBe("nosniff");
      expect(res.headers.get("referrer-policy"), path).toBe("no-referrer");
      expect(res.headers.get("cache-control"), path).toBe("no-store");
    }
    const css = await b.get("/admin/style.css");
    expect(css.headers.get("content-type")).toMatch(/^text\/css/);
  });

  it("refuses a form posted without the CSRF token (403), even logged in and from this origin", async () => {
    const h = await memoryHarness();
    const duelId = await activeDuel(h);
    const b = browser(h);
    await b.login();
    const res = await b.post(`/admin/duels/${duelId}/commands`, {
      command: "adjust-points",
      duelistId: "42",
      delta: "-3",
      reason: "test",
    });
    expect(res.status).toBe(403);
    expect(decoded(await res.text())).toContain("jeton anti-CSRF manquant ou invalide");
    expect((await h.admin("GET", `/duels/${duelId}`)).body.duelists).toMatchObject([
      { points: 25 },
      { points: 50 },
    ]);
  });

  it("refuses a token made for another session, and a form from another origin", async () => {
    const h = await memoryHarness();
    const duelId = await activeDuel(h);
    const alice = browser(h);
    const mallory = browser(h);
    await alice.login();
    await mallory.login();
    const { csrf: malloryToken } = await mallory.page("/admin");
    const fields = { command: "fault", duelistId: "42", kind: "action", reason: "x", _csrf: malloryToken };
    expect((await alice.post(`/admin/duels/${duelId}/commands`, fields)).status).toBe(403);
    const { csrf } = await alice.page("/admin");
    const foreign = await alice.post(
      `/admin/duels/${duelId}/commands`,
      { ...fields, _csrf: csrf },
      { origin: "https://evil.example" },
    );
    expect(foreign.status).toBe(403);
    expect(decoded(await foreign.text())).toContain("elle ne vient pas de cette application");
  });

  it("answers a POST without the admin token with 401 in French, not a redirect", async () => {
    const h = await memoryHarness();
    const b = browser(h);
    const { csrf } = await b.page("/admin/login");
    const res = await b.post("/admin/duels/poudlard.1234/commands", {
      command: "top",
      reason: "x",
      _csrf: csrf,
    });
    expect(res.status).toBe(401);
    expect(decoded(await res.text())).toContain("Jeton manquant, invalide ou révoqué : reconnectez-vous.");
  });

  it("shows a duelist's name holding HTML as text", async () => {
    const h = await memoryHarness();
    const hostile = "<img src=x onerror=alert(1)>";
    const duelId = await activeDuel(h, {
      forumId: "poudlard",
      threadId: "66",
      referee: { id: "7", name: "Minerva McGonagall" },
      duelists: [
        { id: "42", name: hostile, year: 3 },
        { id: "43", name: "Bob Martin", year: "adulte" },
      ],
    });
    const b = browser(h);
    await b.login();
    for (const path of ["/admin", `/admin/duels/${duelId}`]) {
      const html = await (await b.get(path)).text();
      expect(html, path).not.toContain("<img");
      expect(html, path).toContain("&lt;img src=x onerror=alert(1)&gt;");
    }
  });
});
