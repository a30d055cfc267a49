import { beforeEach, describe, expect, it } from "vitest";
import { deskDuration } from "../../shared/http/admin/durations.js";
import { type MemoryHarness, memoryHarness } from "../support/harness.js";
import { browser, decoded } from "./support.js";

function errorFor(html: string, field: string): string | undefined {
  const m = new RegExp(`data-error-for="${field.replaceAll(".", "\\.")}">([^<]*)<`).exec(html);
  return m?.[1] === undefined ? undefined : decoded(m[1]);
}

/** A field's value as the page fills it. */
function fieldValue(html: string, field: string): string | undefined {
  const m = new RegExp(`name="${field.replaceAll(".", "\\.")}" value="([^"]*)"`).exec(html);
  return m?.[1] === undefined ? undefined : decoded(m[1]);
}

const REGISTRATION = {
  forumId: "poudlard",
  threadId: "1234",
  refereeId: "",
  refereeName: "",
  "duelists.0.id": "42",
  "duelists.0.name": "Alice Dubois",
  "duelists.0.year": "1",
  "duelists.1.id": "43",
  "duelists.1.name": "Bob Martin",
  "duelists.1.year": "adulte",
  dice: "server",
};

describe("the desk speaks plain French: durations, years, errors", () => {
  let h: MemoryHarness;
  let b: ReturnType<typeof browser>;
  beforeEach(async () => {
    h = await memoryHarness();
    await h.forum();
    b = browser(h);
    await b.login();
  });

  it("durations are read as people write them, and as the desk writes them back", () => {
    expect(deskDuration("6 mois")).toBe("P6M");
    expect(deskDuration("1 an")).toBe("P1Y");
    expect(deskDuration("30 minutes")).toBe("PT30M");
    expect(deskDuration("2 jours et 12 heures")).toBe("P2DT12H");
    expect(deskDuration("72 heures")).toBe("PT72H");
    expect(deskDuration("P3D")).toBe("P3D");
    expect(deskDuration("6 mois de plus")).toBeNull();
    expect(deskDuration("bientôt")).toBeNull();
  });

  it("CONTRACT 3 the ruleset's delays show as « 72 heures », « 6 mois », and saving them unchanged keeps them", async () => {
    const { html, csrf } = await b.page("/admin/forums/poudlard");
    expect(fieldValue(html, "delays.reply")).toBe("72 heures");
    expect(fieldValue(html, "delays.correction")).toBe("30 minutes");
    expect(fieldValue(html, "delays.maxDerogation")).toBe("5 jours");
    expect(fieldValue(html, "delays.ban")).toBe("6 mois");
    expect(html).not.toMatch(/value="P(?:T)?\d/);
    // The points table names the first year « 1re », as French does.
    expect(decoded(html)).toMatch(/<label>1re<input[^>]*name="startingPoints\.1"/);
    const fields = Object.fromEntries(
      [
        ...html.matchAll(
          /name="((?:startingPoints|actionFaultSanction|delays)\.\w+|actionFaultsBeforeSanction)" value="([^"]*)"/g,
        ),
      ].map((m) => [m[1] ?? "", decoded(m[2] ?? "")]),
    );
    const sanctions = decoded(/<textarea name="absenceSanctions"[^>]*>([^<]*)</.exec(html)?.[1] ?? "");
    const saved = await b.post("/admin/forums/poudlard/ruleset", {
      ...fields,
      absenceSanctions: sanctions,
      "delays.ban": "1 an",
      _csrf: csrf,
    });
    expect(saved.status).toBe(303);
    const delays = (await h.store.getForum("poudlard"))?.ruleset?.delays;
    expect(delays).toEqual({
      reply: "PT72H",
      correction: "PT30M",
      maxDerogation: "P5D",
      ban: "P1Y",
      reminderBefore: "PT24H",
    });
  });

  it("CONTRACT 6 the registration form: « 1re année », no API jargon, no ISO example", async () => {
    const text = decoded((await b.page("/admin/duels/new?forum=poudlard")).html);
    expect(text).toContain(">1re année<");
    expect(text).not.toContain("1e année");
    expect(text).not.toContain("POST /duels");
    expect(text).not.toMatch(/P3D|PT\d/);
  });

  it("CONTRACT 6 the referee left empty is the forum's declared referee", async () => {
    const { csrf } = await b.page("/admin/duels/new?forum=poudlard");
    const res = await b.post("/admin/duels/new", { ...REGISTRATION, _csrf: csrf });
    expect(res.status).toBe(303);
    const duel = await h.admin("GET", "/duels/poudlard.1234");
    expect(duel.body.referee).toEqual({ id: "7", name: "Minerva McGonagall" });
  });

  it("CONTRACT 6 errors are said for people, next to their field: an empty field, an undeclared referee", async () => {
    const { csrf } = await b.page("/admin/duels/new?forum=poudlard");
    const missing = await b.post("/admin/duels/new", {
      ...REGISTRATION,
      "duelists.1.name": "",
      refereeId: "99",
      _csrf: csrf,
    });
    expect(missing.status).toBe(400);
    const html = await missing.text();
    expect(errorFor(html, "duelists.1.name")).toBe("à remplir.");
    expect(errorFor(html, "refereeName")).toContain("cet arbitre n'est pas déclaré par le forum");
    expect(decoded(html)).not.toContain("attendu)");
  });

  it("CONTRACT 4.4 on a Forumactif forum the dice start as the forum's", async () => {
    const forum = await h.store.getForum("poudlard");
    if (!forum) throw new Error("no forum");
    await h.store.putForum({
      ...forum,
      source: {
        type: "forumactif",
        baseUrl: "https://poudlard.forumactif.com",
        timeZone: "Europe/Paris",
        pollEvery: "PT2M",
      },
    });
    const { html } = await b.page("/admin/duels/new?forum=poudlard");
    expect(html).toMatch(/<option value="forum" selected="">/);
    const plain = await b.page("/admin/duels/new");
    expect(plain.html).toMatch(/<option value="server" selected="">/);
  });
});
