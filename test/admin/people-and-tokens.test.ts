import { beforeEach, describe, expect, it } from "vitest";
import { call, deskAs, twoForums } from "../reliability/access-support.js";
import { type MemoryHarness, memoryHarness } from "../support/harness.js";
import { ADMIN_TOKEN } from "../support/requests.js";
import { decoded } from "./support.js";

function errorFor(html: string, field: string): string | undefined {
  const m = new RegExp(`data-error-for="${field}">([^<]*)<`).exec(html);
  return m?.[1] === undefined ? undefined : decoded(m[1]);
}

const tokenIn = (html: string) => /<pre data-token="?[^>]*>([^<]+)</.exec(html)?.[1] ?? "";
const PATH = "/admin/forums/poudlard/credentials";

describe("CONTRACT 3.1 the desk's people and tokens", () => {
  let h: MemoryHarness;
  let people: Awaited<ReturnType<typeof twoForums>>;
  beforeEach(async () => {
    h = await memoryHarness();
    people = await twoForums(h, ADMIN_TOKEN);
  });

  it("CONTRACT 3.1 the forum admin sees the forum's people (name, role, created), never a token", async () => {
    const b = await deskAs(h, people.albus.token);
    const { res, html } = await b.page(PATH);
    expect(res.status).toBe(200);
    const text = decoded(html);
    expect(text).toContain("Albus Dumbledore");
    expect(text).toContain("Minerva McGonagall");
    expect(text).not.toContain("Bogrod");
    expect(html).not.toContain(people.minerva.token);
    expect(html).not.toContain(people.albus.token);
    // A forum admin issues referees only: the forum-admin role is not offered.
    expect(html).not.toContain('value="forum-admin"');
    // The settings page links to it.
    expect(await (await b.get("/admin/forums/poudlard")).text()).toContain(`href="${PATH}"`);
  });

  it("CONTRACT 3.1 a referee token issued on the desk is shown once, on a no-store page, and works", async () => {
    const b = await deskAs(h, people.albus.token);
    const { csrf } = await b.page(PATH);
    const res = await b.post(PATH, { _csrf: csrf, name: "Pomona Chourave", role: "referee", refereeId: "7" });
    expect(res.status).toBe(303);
    const shown = await b.follow(res);
    expect(shown.headers.get("cache-control")).toBe("no-store");
    const token = tokenIn(await shown.text());
    expect(token.length).toBeGreaterThan(20);
    expect((await b.get(PATH).then((r) => r.text())).includes(token)).toBe(false);
    expect((await call(h, token, "GET", "/duels/poudlard.1234")).status).toBe(200);
    expect((await call(h, token, "GET", "/duels/gringotts.77")).status).toBe(403);
    const listed = await call(h, ADMIN_TOKEN, "GET", "/forums/poudlard/credentials");
    expect(JSON.stringify(listed.body)).toContain('"name":"Pomona Chourave","refereeId":"7"');
  });

  it("CONTRACT 3.1 the API's refusals, in French next to the field or as the 403 page; nothing issued", async () => {
    const b = await deskAs(h, people.albus.token);
    const { csrf } = await b.page(PATH);
    const count = async () => (await h.store.accessStore().listCredentials("poudlard")).length;
    const before = await count();
    const noName = await b.post(PATH, { _csrf: csrf, name: " ", role: "referee" });
    expect(noName.status).toBe(400);
    expect(errorFor(await noName.text(), "name")).toBe(
      "Indiquez le nom de la personne (200 caractères au plus).",
    );
    const unknown = await b.post(PATH, { _csrf: csrf, name: "Rusard", role: "referee", refereeId: "99" });
    expect(unknown.status).toBe(400);
    expect(errorFor(await unknown.text(), "refereeId")).toBe(
      "Cet arbitre n'est pas un arbitre déclaré du forum (R-1.1).",
    );
    const admin = await b.post(PATH, { _csrf: csrf, name: "Rogue", role: "forum-admin" });
    expect(admin.status).toBe(403);
    expect(decoded(await admin.text())).toContain("Accès refusé : réservé à l'opérateur du service.");
    const forged = await b.post(PATH, { _csrf: "x", name: "Rogue", role: "referee" });
    expect(forged.status).toBe(403);
    const otherForum = await b.post("/admin/forums/gringotts/credentials", {
      _csrf: csrf,
      name: "Rogue",
      role: "referee",
    });
    expect(otherForum.status).toBe(403);
    expect(await count()).toBe(before);
    expect(await h.store.accessStore().listCredentials("gringotts")).toHaveLength(2);
  });

  it("CONTRACT 3.1 a referee may not open the forum's people; the operator may issue a forum admin", async () => {
    const referee = await deskAs(h, people.minerva.token);
    expect((await referee.get(PATH)).status).toBe(403);
    const operator = await deskAs(h, ADMIN_TOKEN);
    const { html, csrf } = await operator.page(PATH);
    expect(html).toContain('value="forum-admin"');
    const res = await operator.post(PATH, { _csrf: csrf, name: "Horace Slughorn", role: "forum-admin" });
    expect(res.status).toBe(303);
    const token = tokenIn(await (await operator.follow(res)).text());
    expect((await call(h, token, "GET", "/forums/poudlard/credentials")).status).toBe(200);
  });

  it("CONTRACT 3.1 revoking on the desk refuses the token at once; another forum's credential is not found", async () => {
    const b = await deskAs(h, people.albus.token);
    const referee = await deskAs(h, people.minerva.token);
    expect((await referee.get("/admin")).status).toBe(200);
    const { csrf } = await b.page(PATH);
    const other = await b.post(`/admin/forums/poudlard/credentials/${people.bogrod.id}/revoke`, {
      _csrf: csrf,
    });
    expect(other.status).toBe(404);
    expect((await call(h, people.bogrod.token, "GET", "/duels/gringotts.77")).status).toBe(200);

    const res = await b.post(`${PATH}/${people.minerva.id}/revoke`, { _csrf: csrf });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(`${PATH}?fait=revoked`);
    expect((await call(h, people.minerva.token, "GET", "/duels/poudlard.1234")).status).toBe(401);
    const after = await referee.get("/admin");
    expect(after.status).toBe(303);
    expect(after.headers.get("location")).toBe("/admin/login");
    // The forum admin is the operator's: a forum admin cannot revoke another one.
    const colleague = await call(h, ADMIN_TOKEN, "POST", "/forums/poudlard/credentials", {
      role: "forum-admin",
      name: "Minerva adjointe",
    });
    const refused = await b.post(`${PATH}/${String(colleague.body.id)}/revoke`, { _csrf: csrf });
    expect(refused.status).toBe(403);
  });
});

describe("CONTRACT 3.1 the operator's forums on the desk", () => {
  let h: MemoryHarness;
  let people: Awaited<ReturnType<typeof twoForums>>;
  beforeEach(async () => {
    h = await memoryHarness();
    people = await twoForums(h, ADMIN_TOKEN);
  });

  it("CONTRACT 3.1 the operator lists every forum and creates one; a duplicate or a bad id is refused", async () => {
    const b = await deskAs(h, ADMIN_TOKEN);
    const { html, csrf } = await b.page("/admin/forums");
    expect(html).toContain('data-forum="poudlard"');
    expect(html).toContain('data-forum="gringotts"');
    const created = await b.post("/admin/forums", {
      _csrf: csrf,
      forumId: "serdaigle",
      name: "Serdaigle RPG",
    });
    expect(created.status).toBe(303);
    expect(created.headers.get("location")).toBe("/admin/forums/serdaigle?fait=saved");
    expect((await h.store.getForum("serdaigle"))?.name).toBe("Serdaigle RPG");
    expect(await (await b.get("/admin/forums")).text()).toContain('data-forum="serdaigle"');

    const twice = await b.post("/admin/forums", { _csrf: csrf, forumId: "poudlard", name: "Écrasé" });
    expect(twice.status).toBe(409);
    expect(errorFor(await twice.text(), "forumId")).toBe(
      "Ce forum existe déjà : ouvrez ses réglages dans la liste.",
    );
    expect((await h.store.getForum("poudlard"))?.name).not.toBe("Écrasé");
    const bad = await b.post("/admin/forums", { _csrf: csrf, forumId: "pas un id", name: "X" });
    expect(bad.status).toBe(400);
    expect(errorFor(await bad.text(), "forumId")).toBe(
      "Identifiant invalide : lettres, chiffres, - et _ (64 au plus).",
    );
  });

  it("CONTRACT 3.1 a forum admin goes to their forum's settings and may not create a forum", async () => {
    const b = await deskAs(h, people.albus.token);
    const list = await b.get("/admin/forums");
    expect(list.status).toBe(303);
    expect(list.headers.get("location")).toBe("/admin/forums/poudlard");
    const { csrf } = await b.page("/admin/forums/poudlard");
    const res = await b.post("/admin/forums", { _csrf: csrf, forumId: "serdaigle", name: "Serdaigle" });
    expect(res.status).toBe(403);
    expect(await h.store.getForum("serdaigle")).toBeNull();
  });

  it("CONTRACT 3.1 the dashboard names the person, their role and forum; a referee's form names them", async () => {
    // Two referees: the form's default is the logged-in referee's own id, not the forum's only one.
    const forum = await h.store.getForum("poudlard");
    if (!forum) throw new Error("no forum");
    await h.store.putForum({ ...forum, referees: [{ id: "3", name: "Filius Flitwick" }, ...forum.referees] });
    const referee = await deskAs(h, people.minerva.token);
    const dash = decoded(await (await referee.get("/admin")).text());
    expect(dash).toContain(
      "Connecté(e) : Minerva McGonagall, arbitre de « Poudlard RPG (poudlard) ». Les duels de ce forum seulement.",
    );
    expect(dash).toContain('data-duel="poudlard.1234"');
    expect(dash).not.toContain('data-duel="gringotts.77"');
    // The header offers a referee no forum settings, a forum admin theirs.
    expect(dash).not.toContain('href="/admin/forums');
    const admin = await (await (await deskAs(h, people.albus.token)).get("/admin")).text();
    expect(admin).toContain('<a href="/admin/forums/poudlard">Forum</a>');
    const form = await (await referee.get("/admin/duels/new")).text();
    expect(form).toMatch(/name="refereeId" value="7"/);
    const operator = decoded(await (await (await deskAs(h, ADMIN_TOKEN)).get("/admin")).text());
    expect(operator).toContain("opérateur du service. Les duels de tous les forums.");
  });
});
