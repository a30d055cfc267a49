import { describe, expect, it } from "vitest";
import { activeDuel, auditOf, DUEL_BODY, postPayload } from "../support/duels.js";
import { type MemoryHarness, memoryHarness } from "../support/harness.js";
import { browser, decoded } from "./support.js";

/** A logged-in operator on the desk, and the forum `poudlard` read on Forumactif. */
async function onDesk(h: MemoryHarness) {
  const b = browser(h);
  await b.login();
  return b;
}

/** The forms a page offers, by command. */
const commandsOf = (html: string) => [...html.matchAll(/data-command="([\w-]+)"/g)].map((m) => m[1]);

/** The options of a form's select: value and label. */
function optionsOf(html: string, command: string, field: string): [string, string][] {
  const form = new RegExp(`data-command="${command}"[\\s\\S]*?</form>`).exec(html)?.[0] ?? "";
  const select = new RegExp(`<select name="${field}"[\\s\\S]*?</select>`).exec(form)?.[0] ?? "";
  return [...select.matchAll(/<option value="([^"]*)">([^<]*)</g)].map((m) => [
    m[1] ?? "",
    decoded(m[2] ?? ""),
  ]);
}

describe("a duel as the referee reads it on the desk", () => {
  it("CONTRACT 6 a duel is named by its duelists, with its thread and a link to it where the forum says where it is", async () => {
    const h = await memoryHarness();
    await h.forum();
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
    expect((await h.admin("POST", "/duels", DUEL_BODY)).status).toBe(201);
    const b = await onDesk(h);
    const page = decoded((await b.page("/admin/duels/poudlard.1234")).html);
    expect(page).toContain("<h1>Alice Dubois contre Bob Martin</h1>");
    expect(page).toContain("Fil 1234 du forum Poudlard RPG");
    expect(page).toContain('href="https://poudlard.forumactif.com/t1234-topic"');
    expect(page).not.toContain("Duel du fil");
    const dashboard = decoded((await b.page("/admin")).html);
    expect(dashboard).toContain(">Alice Dubois contre Bob Martin</a>");
  });

  it("R-7.1 commands are offered only when they can apply: the top before it, not after", async () => {
    const h = await memoryHarness();
    await h.forum();
    expect((await h.admin("POST", "/duels", DUEL_BODY)).status).toBe(201);
    const b = await onDesk(h);
    const before = commandsOf((await b.page("/admin/duels/poudlard.1234")).html);
    expect(before).toContain("top");
    expect(before).not.toContain("cancel-fault");
    expect(before).not.toContain("correction");
    await h.admin("POST", "/duels/poudlard.1234/commands", { command: "top" });
    const running = commandsOf((await b.page("/admin/duels/poudlard.1234")).html);
    expect(running).not.toContain("top");
    expect(running).toEqual(
      expect.arrayContaining(["fault", "adjust-points", "disqualify", "end", "derogation"]),
    );
    await h.admin("POST", "/duels/poudlard.1234/commands", { command: "end", winnerId: "42" });
    const over = commandsOf((await b.page("/admin/duels/poudlard.1234")).html);
    expect(over).not.toContain("fault");
    expect(over).not.toContain("end");
  });

  it("R-7.1 a fault is picked by its words, and the audit log names it so: no internal id on the page", async () => {
    const h = await memoryHarness();
    const duelId = await activeDuel(h);
    await h.admin("POST", `/duels/${duelId}/commands`, {
      command: "fault",
      duelistId: "43",
      kind: "action",
      reason: "hors sujet",
    });
    const b = await onDesk(h);
    const { html, csrf } = await b.page(`/admin/duels/${duelId}`);
    const eventId = (await auditOf(h, duelId)).find((e) => e.type === "fault.action")?.id ?? "";
    expect(eventId).toMatch(/^r\./);
    expect(optionsOf(html, "cancel-fault", "eventId")).toEqual([
      [eventId, "Bob Martin : 1re faute d'action"],
    ]);
    const cancelled = await b.post(`/admin/duels/${duelId}/commands`, {
      command: "cancel-fault",
      eventId,
      reason: "erreur de l'arbitre",
      _csrf: csrf,
    });
    expect(cancelled.status).toBe(303);
    expect((await auditOf(h, duelId)).map((e) => e.type)).toContain("fault.cancelled");
    const after = (await b.page(`/admin/duels/${duelId}`)).html;
    const shown = decoded(after.replace(/<[^>]*>/g, " "));
    expect(shown).toContain("Bob Martin : 1re faute d'action");
    expect(shown).not.toContain(eventId);
    expect(shown).not.toMatch(/\br\.[0-9a-f]{8}-/);
  });

  it("R-6.7 a correction picks the post from the duel's open windows, by its author, turn and time in the thread", async () => {
    const h = await memoryHarness();
    const duelId = await activeDuel(h);
    await h.generic(
      postPayload({
        postId: "8004",
        author: { id: "42", name: "Alice Dubois" },
        createdAt: "2026-11-30T10:00:00Z",
        content:
          "Alice lève sa baguette.\n[duel]\nSort : Glacius\nCible : Bob Martin\nZone : torse\nPari : 4\n[/duel]",
      }),
    );
    const b = await onDesk(h);
    const { html } = await b.page(`/admin/duels/${duelId}`);
    expect(optionsOf(html, "correction", "postId")).toEqual([
      ["8004", "Alice Dubois, tour 1 : message de 11 h 00 (trop peu de mots)"],
    ]);
    expect(html).not.toMatch(/<input type="text" name="postId"/);
  });

  it("CONTRACT 6 finished duels are listed on the dashboard with their result", async () => {
    const h = await memoryHarness();
    const duelId = await activeDuel(h);
    await h.admin("POST", `/duels/${duelId}/commands`, { command: "end", winnerId: "42" });
    const b = await onDesk(h);
    const dashboard = decoded((await b.page("/admin")).html);
    expect(dashboard).toContain("Duels terminés");
    expect(dashboard).toMatch(
      /<li data-duel="poudlard.1234"><a href="\/admin\/duels\/poudlard.1234">Alice Dubois contre Bob Martin<\/a> — Vainqueur : Alice Dubois \(décision de l'arbitre\)<\/li>/,
    );
  });

  it("CONTRACT 6 the duel page refreshes itself through the desk's one script, which the CSP allows", async () => {
    const h = await memoryHarness();
    const duelId = await activeDuel(h);
    const b = await onDesk(h);
    const duel = await b.get(`/admin/duels/${duelId}`);
    const html = await duel.text();
    expect(html).toContain('<script src="/admin/refresh.js" defer=""></script>');
    expect(html).toContain('data-refresh="30"');
    expect(duel.headers.get("content-security-policy")).toContain("script-src 'self'");
    const script = await b.get("/admin/refresh.js");
    expect(script.headers.get("content-type")).toContain("text/javascript");
    // The registration form is typed into: it never reloads itself.
    expect((await b.page("/admin/duels/new")).html).not.toContain("refresh.js");
  });
});
