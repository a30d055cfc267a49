import { beforeEach, describe, expect, it } from "vitest";
import { auditOf, DUEL_BODY } from "../support/duels.js";
import { type MemoryHarness, memoryHarness } from "../support/harness.js";
import { browser, decoded } from "./support.js";

/** The error the page shows next to a field, or undefined. */
function errorFor(html: string, field: string): string | undefined {
  const escaped = field.replaceAll(".", "\\.");
  const m = new RegExp(`data-error-for="${escaped}">([^<]*)<`).exec(html);
  return m?.[1] === undefined ? undefined : decoded(m[1]);
}

const VALID = {
  forumId: "poudlard",
  threadId: "1234",
  refereeId: "7",
  refereeName: "",
  "duelists.0.id": "42",
  "duelists.0.name": "Alice Dubois",
  "duelists.0.year": "3",
  "duelists.0.particularities": "Legilimens 2",
  "duelists.1.id": "43",
  "duelists.1.name": "Bob Martin",
  "duelists.1.year": "adulte",
  "duelists.1.particularities": "",
  "duelists.2.id": "",
  "duelists.2.name": "",
  "duelists.2.year": "",
  "duelists.3.id": "",
  dice: "forum",
  replyWindow: "3 jours",
  firstDuelist: "1",
  stakes: "Le perdant range la salle des trophées",
};

describe("CONTRACT 6 registering a duel on the desk", () => {
  let h: MemoryHarness;
  let b: ReturnType<typeof browser>;
  let csrf: string;
  beforeEach(async () => {
    h = await memoryHarness();
    await h.forum();
    b = browser(h);
    await b.login();
    const page = await b.page("/admin/duels/new?forum=poudlard");
    expect(page.res.status).toBe(200);
    csrf = page.csrf;
  });
  const submit = (fields: Record<string, string>) => b.post("/admin/duels/new", { ...fields, _csrf: csrf });

  it("CONTRACT 6 the form is French and names the forum's referees", async () => {
    const { html } = await b.page("/admin/duels/new?forum=poudlard");
    const text = decoded(html);
    expect(text).toContain("Inscrire un duel");
    expect(text).toContain("Arbitres du forum : Minerva McGonagall (7).");
    expect(text).toContain("Délai de réponse (ex. 3 jours, 48 heures ; vide : celui des règles)");
    expect(html).toContain('name="duelists.3.particularities"');
  });

  it("CONTRACT 6 R-1.2 registers like POST /duels: years, particularities, dice, « 3 jours », who starts, stakes", async () => {
    const res = await submit(VALID);
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/admin/duels/poudlard.1234?fait=registered");
    const duel = await h.admin("GET", "/duels/poudlard.1234");
    expect(duel.body).toMatchObject({
      status: "registered",
      referee: { id: "7", name: "Minerva McGonagall" },
      stakes: "Le perdant range la salle des trophées",
      duelists: [
        { id: "42", name: "Alice Dubois", year: 3 },
        { id: "43", name: "Bob Martin", year: "adulte" },
      ],
    });
    const registered = (await auditOf(h, "poudlard.1234")).find((e) => e.type === "duel.registered");
    expect(registered).toMatchObject({ duel: { dice: "forum", replyWindow: "P3D", firstDuelistId: "43" } });
    expect(JSON.stringify(registered)).toContain('"legilimens"');
    const page = decoded(await (await b.get(res.headers.get("location") ?? "")).text());
    expect(page).toContain("Duel inscrit.");
  });

  it("CONTRACT 4.2 the thread's title typed on the form names the duel; too long, it is refused on its field", async () => {
    const long = await submit({ ...VALID, threadTitle: "D".repeat(1001) });
    expect(long.status).toBeGreaterThanOrEqual(400);
    expect(errorFor(await long.text(), "threadTitle")).toBe("1000 caractères au plus");
    expect((await h.admin("GET", "/duels/poudlard.1234")).status).toBe(404);

    const res = await submit({ ...VALID, threadTitle: "  Duel de Noël : Alice contre Bob  " });
    expect(res.status).toBe(303);
    const duel = await h.admin("GET", "/duels/poudlard.1234");
    expect(duel.body).toMatchObject({ threadTitle: "Duel de Noël : Alice contre Bob" });
    const form = decoded(await (await b.get("/admin/duels/new?forum=poudlard")).text());
    expect(form).toContain("Titre du sujet");
  });

  it("CONTRACT 6 each error of the form shows next to its field, in French, and registers nothing", async () => {
    const cases: [Record<string, string>, string, string][] = [
      [{ threadId: "" }, "threadId", "identifiant de fil invalide"],
      [
        { "duelists.1.year": "" },
        "duelists.1.year",
        "une valeur parmi 1, 2, 3, 4, 5, 6, 7, « adulte » attendue",
      ],
      [{ replyWindow: "bientôt" }, "replyWindow", "durée illisible : écrivez par exemple « 3 jours »"],
      // the floor of shared/rules/reply-window.ts, the API's own check.
      [
        { replyWindow: "10 minutes" },
        "replyWindow",
        "Délai de réponse (replyWindow) trop court : 1 heure au moins",
      ],
      [
        { replyWindow: "PT1S" },
        "replyWindow",
        "Délai de réponse (replyWindow) trop court : 1 heure au moins",
      ],
      [{ firstDuelist: "2" }, "firstDuelist", "ce duelliste n'a pas de numéro de compte."],
      [
        { "duelists.0.particularities": "Fourchelang" },
        "duelists.0.particularities",
        "Particularité inconnue : Fourchelang.",
      ],
      [{ forumId: "beauxbatons" }, "forumId", "Forum inconnu : beauxbatons."],
      [
        { refereeId: "99", refereeName: "Rusard" },
        "refereeId",
        "Cet arbitre n'est pas un arbitre déclaré du forum (R-1.1).",
      ],
      [{ "duelists.1.id": "42" }, "duelists", "Un duelliste est inscrit deux fois."],
      [
        { "duelists.1.id": "", "duelists.1.name": "", "duelists.1.year": "" },
        "duelists",
        "Un duel se joue à deux duellistes au moins (R-1.2).",
      ],
    ];
    for (const [change, field, message] of cases) {
      const res = await submit({ ...VALID, ...change });
      const html = await res.text();
      expect(res.status, field).toBeGreaterThanOrEqual(400);
      expect(errorFor(html, field), JSON.stringify(change)).toContain(message);
      expect(decoded(html)).toContain("Le duel n'a pas été inscrit : corrigez les champs signalés.");
      // What the referee typed is still there.
      expect(html).toContain('value="Alice Dubois"');
    }
    expect((await h.admin("GET", "/duels/poudlard.1234")).status).toBe(404);
  });

  it("CONTRACT 6 a thread that has its duel already: the error is on the thread", async () => {
    await submit(VALID);
    const res = await submit(VALID);
    expect(res.status).toBe(409);
    expect(errorFor(await res.text(), "threadId")).toBe("Un duel existe déjà pour ce fil.");
  });

  it("R-6.9 a banned duelist: the error on their row gives the ban's end in French, Paris time", async () => {
    const earlier = await h.admin("POST", "/duels", { ...DUEL_BODY, threadId: "100" });
    const earlierId = earlier.body.id as string;
    await h.admin("POST", `/duels/${earlierId}/commands`, { command: "top" });
    await h.admin("POST", `/duels/${earlierId}/commands`, { command: "disqualify", duelistId: "43" });
    expect((await h.admin("GET", "/duelists/poudlard/43")).body.bannedUntil).toBe("2027-05-30T10:00:00.000Z");
    const res = await submit(VALID);
    expect(res.status).toBe(409);
    expect(errorFor(await res.text(), "duelists.1.id")).toBe(
      "Bob Martin est interdit(e) de duel jusqu'au dimanche 30 mai 2027 à 12 h 00 (R-6.9).",
    );
  });

  it("CONTRACT 6 the form needs its CSRF token and a login", async () => {
    const forged = await b.post("/admin/duels/new", { ...VALID, _csrf: "forged" });
    expect(forged.status).toBe(403);
    const stranger = await browser(h).post("/admin/duels/new", VALID);
    expect([401, 403]).toContain(stranger.status);
    const anonymous = await browser(h).get("/admin/duels/new");
    expect(anonymous.status).toBe(303);
    expect(anonymous.headers.get("location")).toContain("/admin/login");
    expect((await h.admin("GET", "/duels/poudlard.1234")).status).toBe(404);
  });
});
