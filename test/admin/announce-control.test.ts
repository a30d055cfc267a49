import { describe, expect, it } from "vitest";
import { activeDuel, auditOf } from "../support/duels.js";
import { memoryHarness } from "../support/harness.js";
import { browser, decoded } from "./support.js";

describe("CONTRACT 3 announce: the desk's control and the replies' state on the duel page", () => {
  it("CONTRACT 3 the referee turns a duel's announcements off from its page, with a reason (R-7.1)", async () => {
    const h = await memoryHarness();
    const duelId = await activeDuel(h);
    const b = browser(h);
    await b.login();
    const { html, csrf } = await b.page(`/admin/duels/${duelId}`);
    expect(decoded(html)).toContain("Annonces dans le fil");
    expect(decoded(html)).toContain("arrêter les annonces dans le fil");
    const res = await b.post(`/admin/duels/${duelId}/commands`, {
      command: "announce",
      enabled: "false",
      reason: "Les duellistes préfèrent lire les verdicts sur le bureau",
      _csrf: csrf,
    });
    expect(res.status).toBe(303);
    const recorded = (await auditOf(h, duelId)).findLast((e) => e.type === "referee.command");
    expect(recorded).toMatchObject({ action: { command: "announce", enabled: false }, rule: "R-7.1" });
    expect((await h.store.loadDuel(duelId))?.state.announceOff).toBe(true);
    const page = decoded(await (await b.get(`/admin/duels/${duelId}`)).text());
    expect(page).toContain("L'arbitre a arrêté les annonces dans le fil pour ce duel.");
    expect(page).toContain("reprendre les annonces dans le fil");
  });
});
