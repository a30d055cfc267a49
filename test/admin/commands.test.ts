import { describe, expect, it } from "vitest";
import { activeDuel, auditOf, DUEL_BODY, duelistOf, postPayload } from "../support/duels.js";
import { memoryHarness } from "../support/harness.js";
import { browser, decoded } from "./support.js";

/** A logged-in referee on a duel's page, with a form's CSRF token. */
async function onDuelPage() {
  const h = await memoryHarness();
  const duelId = await activeDuel(h);
  const b = browser(h);
  await b.login();
  const { csrf, html: page } = await b.page(`/admin/duels/${duelId}`);
  const send = (fields: Record<string, string>) =>
    b.post(`/admin/duels/${duelId}/commands`, { ...fields, _csrf: csrf });
  return { h, b, duelId, send, page };
}

describe("referee commands through the admin forms (R-7.1)", () => {
  it("adjusts points like the API, records the reason, and redirects with a French flash", async () => {
    const { h, b, duelId, send } = await onDuelPage();
    const res = await send({
      command: "adjust-points",
      duelistId: "42",
      delta: "-3",
      reason: "Sort mal décrit",
    });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(`/admin/duels/${duelId}?fait=adjust-points`);
    expect((await duelistOf(h, duelId, "42")).points).toBe(22);
    const adjusted = (await auditOf(h, duelId)).find((e) => e.type === "points.adjusted");
    expect(adjusted).toMatchObject({ delta: -3, reason: "Sort mal décrit", rule: "R-7.1" });
    const page = decoded(await (await b.get(res.headers.get("location") ?? "")).text());
    expect(page).toContain("Points ajustés.");
    expect(page).toContain("22/25 PD");
  });

  it("applies a form submitted twice once (its idempotency key)", async () => {
    const { h, duelId, send } = await onDuelPage();
    const fields = {
      command: "adjust-points",
      duelistId: "42",
      delta: "-2",
      reason: "double clic",
      idempotencyKey: "form.k1",
    };
    await send(fields);
    const again = await send(fields);
    expect(again.headers.get("location")).toBe(`/admin/duels/${duelId}?fait=duplicate`);
    expect((await duelistOf(h, duelId, "42")).points).toBe(23);
  });

  it("shows the schema's error in French, on the duel's page, and changes nothing", async () => {
    const { h, duelId, send } = await onDuelPage();
    const res = await send({ command: "adjust-points", duelistId: "42", delta: "beaucoup", reason: "test" });
    expect(res.status).toBe(400);
    const html = decoded(await res.text());
    expect(html).toContain("Commande refusée : Variation de points (ex. -3) : nombre attendu, texte reçu");
    expect(html).toContain("Décisions de l'arbitre");
    expect((await duelistOf(h, duelId, "42")).points).toBe(25);
  });

  it("asks for a reason even though the API makes it optional", async () => {
    const { send } = await onDuelPage();
    const res = await send({ command: "disqualify", duelistId: "43", reason: "  " });
    expect(res.status).toBe(400);
    expect(decoded(await res.text())).toContain("Motif : indiquez le motif de votre décision (R-7.1).");
  });

  it("R-1.2 « Donner le top » asks for no reason: it decides nothing, it starts the duel", async () => {
    const h = await memoryHarness();
    await h.forum();
    const duelId = (await h.admin("POST", "/duels", DUEL_BODY)).body.id as string;
    const b = browser(h);
    await b.login();
    const { csrf, html } = await b.page(`/admin/duels/${duelId}`);
    expect(html).toMatch(/data-command="top"[\s\S]*?<textarea name="reason" rows="2" maxlength="2000">/);
    const res = await b.post(`/admin/duels/${duelId}/commands`, { command: "top", _csrf: csrf });
    expect(res.status).toBe(303);
    expect((await h.admin("GET", `/duels/${duelId}`)).body.status).toBe("active");
  });

  it("R-6.7 an open correction window reads « message de 11 h 00 : pari manquant — à corriger avant … »", async () => {
    const { h, b, duelId } = await onDuelPage();
    const first = (await h.admin("GET", `/duels/${duelId}`)).body.turn as { duelistId: string };
    const author =
      first.duelistId === "42" ? { id: "42", name: "Alice Dubois" } : { id: "43", name: "Bob Martin" };
    const target = author.id === "42" ? "Bob Martin" : "Alice Dubois";
    const words = Array.from({ length: 110 }, (_, i) => `mot${i}`).join(" ");
    await h.generic(
      postPayload({
        postId: "8004",
        author,
        createdAt: "2026-11-30T10:00:00Z",
        content: `${words}\n[duel]\nSort : Glacius\nCible : ${target}\nZone : torse\n[/duel]`,
      }),
    );
    const page = decoded(await (await b.get(`/admin/duels/${duelId}`)).text());
    expect(page).toContain(
      `${author.name}, message de 11 h 00 : pari manquant — à corriger avant le lundi 30 novembre 2026 à 11 h 30`,
    );
    expect(page).not.toContain("jusqu'au pari manquant");
  });

  it("R-1.6 once the duel is over, nobody is « en lice »: the winner and the loser are named so", async () => {
    const { h, b, duelId } = await onDuelPage();
    await h.admin("POST", `/duels/${duelId}/commands`, { command: "end", winnerId: "42", reason: "fin" });
    const html = await (await b.get(`/admin/duels/${duelId}`)).text();
    const states = [...html.matchAll(/data-label="État">([^<]*)</g)].map((m) => decoded(m[1] ?? ""));
    expect(states).toEqual(["vainqueur", "vaincu(e)"]);
  });

  it("shows the decider's refusal in French (a dérogation over 5 days, R-6.2a)", async () => {
    const { h, duelId, send } = await onDuelPage();
    const res = await send({ command: "derogation", duelistId: "42", duration: "P10D", reason: "vacances" });
    expect(res.status).toBe(409);
    expect(decoded(await res.text())).toContain(
      "Commande refusée : Une dérogation ne peut dépasser 5 jours (R-6.2a).",
    );
    expect((await duelistOf(h, duelId, "42")).derogationUsed).toBe(false);
  });

  it("R-6.2a the dérogation's duration is typed in French, as on the registration form (« 3 jours »)", async () => {
    const { h, duelId, send, page } = await onDuelPage();
    expect(decoded(page)).toContain("Durée (ex. 3 jours, 48 heures)");
    expect(decoded(page)).not.toContain("ISO-8601");
    const unreadable = await send({
      command: "derogation",
      duelistId: "42",
      duration: "bientôt",
      reason: "r",
    });
    expect(unreadable.status).toBe(400);
    expect(decoded(await unreadable.text())).toContain(
      "Commande refusée : Durée (ex. 3 jours, 48 heures) : durée illisible : écrivez par exemple « 3 jours »",
    );
    expect((await duelistOf(h, duelId, "42")).derogationUsed).toBe(false);
    const res = await send({
      command: "derogation",
      duelistId: "42",
      duration: "3 jours",
      reason: "vacances",
    });
    expect(res.status).toBe(303);
    expect((await duelistOf(h, duelId, "42")).derogationUsed).toBe(true);
    const granted = (await auditOf(h, duelId)).find((e) => e.type === "derogation.granted");
    expect(granted).toMatchObject({ duration: "P3D" });
  });

  it("R-7.1 a refusal on the desk is recorded only as refused, once for a form sent twice, and the audit log shows it in French", async () => {
    const { h, b, duelId, send } = await onDuelPage();
    const fields = {
      command: "derogation",
      duelistId: "42",
      duration: "P6D",
      reason: "vacances",
      idempotencyKey: "form.refused",
    };
    const first = await send(fields);
    const again = await send(fields);
    expect(first.status).toBe(409);
    expect(again.status).toBe(409);
    expect(decoded(await again.text())).toMatch(/Commande refusée : [^<]*dérogation[^<]*\(R-6\.2a\)/);
    const records = (await auditOf(h, duelId)).filter((e) => e.type === "referee.command-rejected");
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ code: "derogation_too_long", via: "api", reason: "vacances" });
    expect((await duelistOf(h, duelId, "42")).derogationUsed).toBe(false);
    const page = decoded(await (await b.get(`/admin/duels/${duelId}`)).text());
    // The audit row's text, tags left out: every word French, no code nor ISO duration of the request.
    const start = page.indexOf("Commande de l'arbitre refusée");
    const row = page.slice(start, page.indexOf("</tr>", start)).replace(/<[^>]+>/g, "");
    expect(row).toContain("erreur : Une dérogation ne peut dépasser");
    expect(row).toContain("commande : Dérogation · duelliste : Alice Dubois · durée : 6 jours");
    // Who decided, not the path it took: the desk and the API are one path.
    expect(row).not.toContain("par : API");
    expect(row).toContain("décidé par : opérateur");
    // The journal reads newest first: the refusal, the latest event, is its first row.
    expect(page.match(/<tr data-event="([^"]+)"/)?.[1]).toBe("referee.command-rejected");
    expect(row).toContain("motif : vacances");
    expect(row).not.toMatch(/derogation_too_long|P6D|duelistId/);
  });

  it("R-6.7 refuses a correction that leaves the post incomplete, as the API does: the window stays open", async () => {
    const { h, duelId, send } = await onDuelPage();
    await h.generic(
      postPayload({
        postId: "8004",
        author: { id: "42", name: "Alice Dubois" },
        createdAt: "2026-11-30T10:00:00Z",
        content:
          "Alice lève sa baguette.\n[duel]\nSort : Glacius\nCible : Bob Martin\nZone : torse\nPari : 4\n[/duel]",
      }),
    );
    const res = await send({
      command: "correction",
      postId: "8004",
      "fields.text": "trop court",
      reason: "hibou",
    });
    expect(res.status).toBe(409);
    expect(decoded(await res.text())).toContain(
      "Commande refusée : Correction refusée : avec elle, le message 8004 resterait incomplet (moins de 100 mots",
    );
    const duel = await h.admin("GET", `/duels/${duelId}`);
    expect(duel.body.pending).toMatchObject([{ postId: "8004", until: "2026-11-30T10:30:00.000Z" }]);
    expect((await auditOf(h, duelId)).map((e) => e.type)).not.toContain("correction.accepted");
  });

  it("CONTRACT 2 answers a refusal with the API's status and French text (errorAnswer), on the duel's page", async () => {
    const { h, duelId, send } = await onDuelPage();
    const fields = { command: "adjust-points", duelistId: "42", delta: "-3", reason: "test" };
    const res = await send({ ...fields, idempotencyKey: "clé avec espaces" });
    expect(res.status).toBe(400);
    expect(decoded(await res.text())).toContain(
      "Commande refusée : Idempotency-Key : 100 caractères au plus, lettres, chiffres et -_.:",
    );
    expect((await duelistOf(h, duelId, "42")).points).toBe(25);
  });

  it("turns the draw option into winnerId null and ends the duel", async () => {
    const { h, duelId, send } = await onDuelPage();
    const res = await send({ command: "end", winnerId: "none", reason: "Match nul d'un commun accord" });
    expect(res.status).toBe(303);
    const duel = await h.admin("GET", `/duels/${duelId}`);
    expect(duel.body).toMatchObject({ status: "finished", result: { winnerId: null, reason: "referee" } });
  });

  it("answers 404 in French for an unknown duel", async () => {
    const { b } = await onDuelPage();
    const res = await b.get("/admin/duels/poudlard.nope");
    expect(res.status).toBe(404);
    expect(await res.text()).toContain("Duel inconnu.");
  });
});
