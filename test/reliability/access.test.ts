import { describe, expect, it } from "vitest";
import { csrfIn, decoded } from "../admin/support.js";
import { DUEL_BODY } from "../support/duels.js";
import type { Harness } from "../support/harness.js";
import { ADMIN_TOKEN } from "../support/requests.js";
import { call, deskAs, issue, twoForums } from "./access-support.js";
import { afterTheFile, recordedHarness, report, seen, tableItems } from "./support.js";

afterTheFile("access");

/** What a duel and a forum look like, to prove a refused attempt changed nothing. */
async function stateOf(h: Harness) {
  const duel = await h.store.loadDuel("poudlard.1234");
  const forum = await h.store.getForum("poudlard");
  return {
    version: duel?.version,
    status: duel?.state.status,
    inputs: (await h.store.listInputs("poudlard.1234")).length,
    forum: forum ? { name: forum.name, updatedAt: forum.updatedAt } : null,
    other: await h.store.loadDuel("poudlard.555"),
  };
}

describe("CONTRACT 3.1 forum-scoped access", () => {
  it("CONTRACT 3.1 every route refuses another forum's admin and referee with 403 forbidden_forum, and changes nothing", async () => {
    const h = await recordedHarness();
    const people = await twoForums(h, ADMIN_TOKEN);
    const before = await stateOf(h);
    const routes: [string, string, unknown?][] = [
      ["GET", "/forums/poudlard"],
      [
        "PUT",
        "/forums/poudlard",
        { name: "Pris", webhookSecrets: {}, referees: [], notify: [{ type: "log" }] },
      ],
      ["POST", "/forums/poudlard/credentials", { role: "referee", name: "Intrus" }],
      ["GET", "/forums/poudlard/credentials"],
      ["DELETE", `/forums/poudlard/credentials/${people.minerva.id}`],
      ["POST", "/duels", { ...DUEL_BODY, threadId: "555" }],
      ["GET", "/duels/poudlard.1234"],
      ["POST", "/duels/poudlard.1234/commands", { command: "top" }],
      ["GET", "/duels/poudlard.1234/events"],
      ["GET", "/duels/poudlard.1234/notifications"],
      ["GET", "/duelists/poudlard/42"],
    ];
    let attempts = 0;
    let refused = 0;
    for (const who of [people.gripsec, people.bogrod]) {
      for (const [method, path, body] of routes) {
        const res = await call(h, who.token, method, path, body);
        attempts++;
        expect(res.status, `${method} ${path}`).toBe(403);
        expect(res.body.error?.code, `${method} ${path}`).toBe("forbidden_forum");
        expect(res.body.error?.message).toContain("Accès refusé");
        if (res.status === 403) refused++;
      }
      // The desk's pages, by Bearer and by a desk session, and the command form.
      const page = await h.app.request("/admin/duels/poudlard.1234", {
        headers: { authorization: `Bearer ${who.token}` },
      });
      expect(page.status).toBe(403);
      expect(decoded(await page.text())).toContain("Accès refusé");
      const desk = await deskAs(h, who.token);
      const viaSession = await desk.get("/admin/duels/poudlard.1234");
      expect(viaSession.status).toBe(403);
      const home = await desk.page("/admin");
      expect(home.html).not.toContain('data-duel="poudlard.1234"');
      expect(home.html).toContain('data-duel="gringotts.77"');
      const form = await desk.post("/admin/duels/poudlard.1234/commands", {
        command: "top",
        reason: "intrusion",
        _csrf: home.csrf,
      });
      expect(form.status).toBe(403);
      attempts += 3;
      refused += [page.status, viaSession.status, form.status].filter((s) => s === 403).length;
      // The list shows their forum's duels only.
      const list = await call(h, who.token, "GET", "/duels");
      expect((list.body.duels as { id: string }[]).map((d) => d.id)).toEqual(["gringotts.77"]);
    }
    expect(await stateOf(h)).toEqual(before);
    // Poudlard's own people still reach it.
    expect((await call(h, people.minerva.token, "GET", "/duels/poudlard.1234")).status).toBe(200);
    report("access cross-forum", { routes: routes.length + 2, attempts, refused, changed: 0 });
  }, 60_000);

  it("CONTRACT 3.1 roles: referees decide, forum admins manage their forum, the operator creates forums and their admins", async () => {
    const h = await recordedHarness();
    const { albus, minerva } = await twoForums(h, ADMIN_TOKEN);
    const forbidden = async (token: string, method: string, path: string, body?: unknown) => {
      const res = await call(h, token, method, path, body);
      expect(res.status, `${method} ${path}`).toBe(403);
      return res.body.error?.code;
    };
    const settings = {
      name: "Poudlard",
      webhookSecrets: {},
      referees: [{ id: "7", name: "Minerva McGonagall" }],
      notify: [{ type: "log" }],
    };
    expect(await forbidden(minerva.token, "PUT", "/forums/poudlard", settings)).toBe("forbidden_role");
    expect(
      await forbidden(minerva.token, "POST", "/forums/poudlard/credentials", { role: "referee", name: "X" }),
    ).toBe("forbidden_role");
    expect(
      await forbidden(albus.token, "POST", "/forums/poudlard/credentials", {
        role: "forum-admin",
        name: "X",
      }),
    ).toBe("forbidden_role");
    expect(await forbidden(albus.token, "PUT", "/forums/serdaigle", settings)).toBe("forbidden_forum");
    expect(
      await forbidden(minerva.token, "POST", "/duels", {
        ...DUEL_BODY,
        threadId: "556",
        referee: { id: "8", name: "Severus Rogue" },
      }),
    ).toBe("forbidden_referee");
    expect((await call(h, albus.token, "PUT", "/forums/poudlard", settings)).status).toBe(200);
    expect((await call(h, minerva.token, "GET", "/forums/poudlard")).status).toBe(200);

    // Decisions name who took them, whatever the duel's referee.
    const registered = await call(h, minerva.token, "POST", "/duels", { ...DUEL_BODY, threadId: "600" });
    expect(registered.status).toBe(201);
    expect(
      (await call(h, minerva.token, "POST", "/duels/poudlard.600/commands", { command: "top" })).status,
    ).toBe(200);
    const adjust = { command: "adjust-points", duelistId: "42", delta: -1, reason: "Tenue" };
    expect((await call(h, albus.token, "POST", "/duels/poudlard.600/commands", adjust)).status).toBe(200);
    expect((await call(h, ADMIN_TOKEN, "POST", "/duels/poudlard.600/commands", adjust)).status).toBe(200);
    const events = (await call(h, albus.token, "GET", "/duels/poudlard.600/events")).body.events as {
      type: string;
      by?: unknown;
    }[];
    expect(events.filter((e) => e.type === "duel.registered").map((e) => e.by)).toEqual([
      { role: "referee", name: "Minerva McGonagall" },
    ]);
    expect(events.filter((e) => e.type === "referee.command").map((e) => e.by)).toEqual([
      { role: "referee", name: "Minerva McGonagall" },
      { role: "forum-admin", name: "Albus Dumbledore" },
      { role: "operator", name: "opérateur" },
    ]);
    const page = await (await deskAs(h, albus.token)).get("/admin/duels/poudlard.600");
    expect(decoded(await page.text())).toContain("Albus Dumbledore (administrateur du forum)");
  }, 60_000);

  it("CONTRACT 3.1 tokens are issued once, stored hashed, and a desk cookie holds a session id, not the token", async () => {
    const h = await recordedHarness();
    const { albus, minerva } = await twoForums(h, ADMIN_TOKEN);
    expect(minerva.token).toMatch(/^arb\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{43}$/);
    const desk = await deskAs(h, minerva.token);
    const cookie = desk.jar.cookies.get("duel_admin") ?? "";
    expect(cookie).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(cookie).not.toContain(minerva.token.split(".")[2]);
    const items = await tableItems(h.client, h.tableName);
    expect(items.filter((i) => i.includes(minerva.token.split(".")[2] ?? "?"))).toEqual([]);
    expect(items.filter((i) => i.includes(cookie))).toEqual([]);
    expect(items.filter((i) => i.includes("CRED#")).length).toBe(4);
    // The forum's admin lists who holds one, never a token nor its hash; a referee may not.
    const listed = await call(h, albus.token, "GET", "/forums/poudlard/credentials");
    // Issued at the same instant of the manual clock: their order is their ids'.
    const byId = (list: unknown) => [...(list as { id: string }[])].sort((x, y) => (x.id < y.id ? -1 : 1));
    expect(byId(listed.body.credentials)).toEqual(
      byId([
        { id: albus.id, role: "forum-admin", name: "Albus Dumbledore", createdAt: expect.any(String) },
        {
          id: minerva.id,
          role: "referee",
          name: "Minerva McGonagall",
          refereeId: "7",
          createdAt: expect.any(String),
        },
      ]),
    );
    expect(JSON.stringify(listed.body)).not.toMatch(/tokenHash|arb\./);
    expect((await call(h, minerva.token, "GET", "/forums/poudlard/credentials")).status).toBe(403);
    // Shown once: the answer that issued it is the only one that ever held it.
    expect(seen.bodies.filter((b) => b.includes(minerva.token))).toHaveLength(1);
  }, 60_000);
});

describe("CONTRACT 3.1 revocation and sessions", () => {
  it("CONTRACT 3.1 a revoked credential is refused on the very next request, by token and by desk session", async () => {
    const h = await recordedHarness();
    const { albus, minerva } = await twoForums(h, ADMIN_TOKEN);
    const desk = await deskAs(h, minerva.token);
    const { csrf } = await desk.page("/admin/duels/poudlard.1234");
    expect((await call(h, minerva.token, "GET", "/duels/poudlard.1234")).status).toBe(200);

    const revoked = await call(h, albus.token, "DELETE", `/forums/poudlard/credentials/${minerva.id}`);
    expect(revoked.status).toBe(204);

    const api = await call(h, minerva.token, "GET", "/duels/poudlard.1234");
    expect(api.status).toBe(401);
    expect(api.body.error?.message).toBe("Jeton manquant, invalide ou révoqué.");
    expect(
      (await call(h, minerva.token, "POST", "/duels/poudlard.1234/commands", { command: "top" })).status,
    ).toBe(401);
    expect((await desk.get("/admin/duels/poudlard.1234")).status).toBe(303);
    const form = await desk.post("/admin/duels/poudlard.1234/commands", {
      command: "top",
      reason: "x",
      _csrf: csrf,
    });
    expect(form.status).toBe(401);
    const login = await desk.login(minerva.token);
    expect(login.status).toBe(401);
    expect((await h.store.loadDuel("poudlard.1234"))?.state.status).toBe("registered");
    // Revoking again, or from another forum, finds nothing.
    expect((await call(h, albus.token, "DELETE", `/forums/poudlard/credentials/${minerva.id}`)).status).toBe(
      404,
    );
    report("access revoked credential", { refusedAfterRevocation: 5, acceptedAfterRevocation: 0 });
  }, 60_000);

  it("CONTRACT 3.1 logout ends the session on the server: the old cookie is worth nothing", async () => {
    const h = await recordedHarness();
    const desk = await deskAs(h, ADMIN_TOKEN);
    const cookie = desk.jar.cookies.get("duel_admin") ?? "";
    const { csrf } = await desk.page("/admin");
    expect((await desk.post("/admin/logout", { _csrf: csrf })).headers.get("location")).toBe("/admin/login");
    const replay = await h.app.request("/admin", { headers: { cookie: `duel_admin=${cookie}` } });
    expect(replay.status).toBe(303);
    const api = await h.app.request("/duels", { headers: { cookie: `duel_admin=${cookie}` } });
    expect(api.status).toBe(401);
  }, 60_000);

  it("CONTRACT 3.1 a session ends after 12 hours", async () => {
    let wall = new Date("2026-12-01T08:00:00.000Z");
    const h = await recordedHarness({ wallNow: () => wall });
    const desk = await deskAs(h, ADMIN_TOKEN);
    expect((await desk.get("/admin")).status).toBe(200);
    wall = new Date("2026-12-01T20:00:01.000Z");
    expect((await desk.get("/admin")).status).toBe(303);
  }, 60_000);
});

describe("CONTRACT 3.1 login throttling", () => {
  /** Tries `token` as fast as the desk allows for one minute of wall time; counts checked attempts. */
  async function hammer(h: Harness, tokens: () => string, address: string, clock: { wall: Date }) {
    const start = clock.wall.getTime();
    let checked = 0;
    let waited = 0;
    let form = await h.app.request("/admin/login", { headers: { "x-forwarded-for": address } });
    const visit = form.headers.getSetCookie()[0]?.split(";")[0] ?? "";
    const csrf = csrfIn(await form.text());
    while (clock.wall.getTime() - start < 60_000) {
      form = await h.app.request("/admin/login", {
        method: "POST",
        headers: {
          cookie: visit,
          origin: "http://localhost",
          "x-forwarded-for": address,
          "content-type": "application/x-www-form-urlencoded",
        },
        body: new URLSearchParams({ token: tokens(), _csrf: csrf }).toString(),
      });
      if (form.status === 429) {
        waited++;
        expect(decoded(await form.text())).toContain("Trop de tentatives de connexion");
        const retry = Number(form.headers.get("retry-after"));
        expect(retry).toBeGreaterThan(0);
        clock.wall = new Date(clock.wall.getTime() + retry * 1000);
      } else {
        expect(form.status).toBe(401);
        checked++;
        clock.wall = new Date(clock.wall.getTime() + 100);
      }
    }
    return { checked, waited };
  }

  /** One login attempt with `token` from `address`, on a fresh visit of the form. */
  async function loginFrom(h: Harness, token: string, address: string) {
    const page = await h.app.request("/admin/login", { headers: { "x-forwarded-for": address } });
    return h.app.request("/admin/login", {
      method: "POST",
      headers: {
        cookie: page.headers.getSetCookie()[0]?.split(";")[0] ?? "",
        origin: "http://localhost",
        "x-forwarded-for": address,
        "content-type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams({ token, _csrf: csrfIn(await page.text()) }).toString(),
    });
  }

  it("CONTRACT 3.1 failed logins per account from an address wait longer each time: at most 11 checked in a minute", async () => {
    const clock = { wall: new Date("2026-12-01T08:00:00.000Z") };
    const h = await recordedHarness({ wallNow: () => clock.wall });
    const { checked, waited } = await hammer(h, () => "pas-le-bon-jeton-mais-long", "203.0.113.7", clock);
    expect(checked).toBe(11);
    // One more failure there, and from that address even the right token waits its turn, unchecked.
    expect([401, 429]).toContain((await loginFrom(h, "encore-un-mauvais-jeton", "203.0.113.7")).status);
    expect((await loginFrom(h, ADMIN_TOKEN, "203.0.113.7")).status).toBe(429);
    clock.wall = new Date(clock.wall.getTime() + 15 * 60 * 1000);
    expect((await loginFrom(h, ADMIN_TOKEN, "203.0.113.7")).status).toBe(303);
    report("access login throttling per account", {
      windowS: 60,
      checkedAttempts: checked,
      refusedUnchecked: waited,
    });
  }, 120_000);

  it("CONTRACT 3.1 a stranger's failures lock no one out: the right token from another address passes at once", async () => {
    const clock = { wall: new Date("2026-12-01T08:00:00.000Z") };
    const h = await recordedHarness({ wallNow: () => clock.wall });
    await h.forum();
    const minerva = await issue(h, ADMIN_TOKEN, "poudlard", { role: "referee", name: "Minerva McGonagall" });
    const minervaId = minerva.token.split(".")[1] ?? "";
    // The stranger guesses the operator's token, then tokens naming Minerva's credential id.
    const stranger = await hammer(h, () => "pas-le-bon-jeton-mais-long", "203.0.113.66", clock);
    let n = 0;
    const namingMinerva = () => `arb.${minervaId}.${String(n++).padStart(43, "x")}`;
    const second = await hammer(h, namingMinerva, "203.0.113.66", clock);
    expect(stranger.waited + second.waited).toBeGreaterThan(0);
    // Still throttled where the stranger is: after one more failure, the next try waits unchecked.
    expect([401, 429]).toContain((await loginFrom(h, "un-autre-jeton", "203.0.113.66")).status);
    expect((await loginFrom(h, ADMIN_TOKEN, "203.0.113.66")).status).toBe(429);
    // The holders, from their own addresses, are checked and let in at once.
    expect((await loginFrom(h, ADMIN_TOKEN, "198.51.100.9")).status).toBe(303);
    expect((await loginFrom(h, minerva.token, "198.51.100.20")).status).toBe(303);
    // And a first wrong try there is told plainly, without a wait the stranger caused.
    const slip = await loginFrom(h, "une-faute-de-frappe", "198.51.100.9");
    expect(slip.status).toBe(401);
    expect(decoded(await slip.text())).not.toContain("attendez");
    report("access login no lock-out", {
      strangerChecked: stranger.checked + second.checked,
      strangerRefusedUnchecked: stranger.waited + second.waited,
      holdersLetIn: 2,
    });
  }, 180_000);

  it("CONTRACT 3.1 failed logins per address, whatever the account: at most 26 checked in a minute", async () => {
    const clock = { wall: new Date("2026-12-01T08:00:00.000Z") };
    const h = await recordedHarness({ wallNow: () => clock.wall });
    let n = 0;
    const someAccount = () => `arb.${String(n++).padStart(16, "a")}.${"b".repeat(43)}`;
    const { checked, waited } = await hammer(h, someAccount, "203.0.113.8", clock);
    expect(checked).toBe(26);
    // Another address is not held back by this one.
    await h.forum();
    const fresh = await issue(h, ADMIN_TOKEN, "poudlard", { role: "referee", name: "Filius Flitwick" });
    const page = await h.app.request("/admin/login", { headers: { "x-forwarded-for": "198.51.100.10" } });
    const res = await h.app.request("/admin/login", {
      method: "POST",
      headers: {
        cookie: page.headers.getSetCookie()[0]?.split(";")[0] ?? "",
        origin: "http://localhost",
        "x-forwarded-for": "198.51.100.10",
        "content-type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams({ token: fresh.token, _csrf: csrfIn(await page.text()) }).toString(),
    });
    expect(res.status).toBe(303);
    report("access login throttling per address", {
      windowS: 60,
      checkedAttempts: checked,
      refusedUnchecked: waited,
    });
  }, 120_000);
});
